import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { isApiPath } from '@/lib/api';
import { withRequestId } from '@/lib/log';
import { createPublicRequestGuard } from '@/lib/page-cache';
import {
  acceptClientAddress,
  acceptRequestId,
  REQUEST_ID_HEADER,
  type TrustedProxies,
} from '@/lib/security';
import { createAdmission, type AdmissionOptions } from './admit-request';
import { operationalHandler } from './operational-handler';
import { ICON_PATH, STATIC_ASSETS_PREFIX } from './static-assets';
import { observeRequest } from './observe-request';

interface RequestHandlerOptions {
  trustedProxies: TrustedProxies;
  /** Unauthenticated requests a minute from one client address (PAGE_REQUESTS_PER_MINUTE). */
  requestsPerMinute: number;
  handleApi(req: IncomingMessage, res: ServerResponse): void;
  /**
   * The build's static files from memory (lib/server/static-assets.ts): resolves false when it did
   * not answer (another path, a file the build does not have), and the request goes on to the pages.
   */
  serveStatic?(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean>;
  /** Everything that is not the API: registration pages, then Next. */
  handlePage(req: IncomingMessage, res: ServerResponse): void;
  /** /healthz and /readyz, answered before the per-address limits (lib/server/health.ts). */
  handleHealth?(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** /metrics, only when METRICS_TOKEN is set (lib/server/metrics-endpoint.ts); otherwise a page like any. */
  handleMetrics?(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /**
   * Admission control (lib/server/admit-request.ts): requests handled at once and queued, per gate;
   * none when absent.
   */
  admission?: AdmissionOptions;
  /** Where each answered request gets its `request` line (server.ts: the app's logger); none when absent. */
  accessLog?: Logger;
  now?: () => number;
}

/**
 * server.ts's one request listener, in the order that matters: the request's id (on the answer, and
 * on every log line and problem written while it is handled), who sent the request (forwarded
 * headers count only from a trusted proxy), then the per-address limit, then admission (a slot, a
 * place in the queue, or 503 at once), then the API or the pages. Probes never wait for a slot.
 * Its `isBusy()` tells background work (the RSA key pool) to wait.
 */
export function createRequestHandler(options: RequestHandlerOptions) {
  const guard = createPublicRequestGuard({
    requestsPerMinute: options.requestsPerMinute,
    now: options.now,
  });
  const admission = options.admission && createAdmission(options.admission);
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    // Read before acceptRequestId replaces it: admission recognises this process's own requests by it.
    const sent = req.headers[REQUEST_ID_HEADER];
    const requestId = acceptRequestId(req, options.trustedProxies);
    res.setHeader(REQUEST_ID_HEADER, requestId);
    observeRequest(req, res, requestId, options.accessLog);
    const sentRequestId = typeof sent === 'string' ? sent : undefined;
    withRequestId(requestId, () => route(req, res, requestId, sentRequestId));
  };
  // Never busy without admission control: nothing then says how much work is too much.
  return Object.assign(listener, { isBusy: () => admission?.isBusy() ?? false });

  function route(
    req: IncomingMessage,
    res: ServerResponse,
    requestId: string,
    sentRequestId: string | undefined,
  ) {
    acceptClientAddress(req, options.trustedProxies);
    const pathname = (req.url ?? '/').split('?', 1)[0] ?? '/';
    const operational = operationalHandler(pathname, options);
    if (operational) {
      operational(req, res);
      return;
    }
    const context = { pathname, requestId, sentRequestId };
    if (isApiPath(pathname)) {
      if (guard.api(req, res, pathname)) return;
      if (!admission) options.handleApi(req, res);
      else admission.admit('api', req, res, context, () => options.handleApi(req, res));
      return;
    }
    if (guard.page(req, res, pathname)) return;
    if (
      options.serveStatic &&
      (pathname.startsWith(STATIC_ASSETS_PREFIX) || pathname === ICON_PATH)
    ) {
      const { serveStatic } = options;
      void serveStatic(req, res, pathname).then(
        (served) => served || page(req, res, context),
        () => page(req, res, context),
      );
      return;
    }
    page(req, res, context);
  }

  function page(
    req: IncomingMessage,
    res: ServerResponse,
    context: { pathname: string; requestId: string; sentRequestId: string | undefined },
  ) {
    if (!admission) options.handlePage(req, res);
    else admission.admit('pages', req, res, context, () => options.handlePage(req, res));
  }
}
