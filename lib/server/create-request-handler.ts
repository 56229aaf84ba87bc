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
import { operationalHandler } from './operational-handler';
import { observeRequest } from './observe-request';

interface RequestHandlerOptions {
  trustedProxies: TrustedProxies;
  /** Unauthenticated requests a minute from one client address (PAGE_REQUESTS_PER_MINUTE). */
  requestsPerMinute: number;
  handleApi(req: IncomingMessage, res: ServerResponse): void;
  /** Everything that is not the API: registration pages, then Next. */
  handlePage(req: IncomingMessage, res: ServerResponse): void;
  /** /healthz and /readyz, answered before the per-address limits (lib/server/health.ts). */
  handleHealth?(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** /metrics, only when METRICS_TOKEN is set (lib/server/metrics-endpoint.ts); otherwise a page like any. */
  handleMetrics?(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** Where each answered request gets its `request` line (server.ts: the app's logger); none when absent. */
  accessLog?: Logger;
  now?: () => number;
}

/**
 * server.ts's one request listener, in the order that matters: the request's id (on the answer, and
 * on every log line and problem written while it is handled), who sent the request (forwarded
 * headers count only from a trusted proxy), then the per-address limit, then the API or the pages.
 */
export function createRequestHandler(options: RequestHandlerOptions) {
  const guard = createPublicRequestGuard({
    requestsPerMinute: options.requestsPerMinute,
    now: options.now,
  });
  return (req: IncomingMessage, res: ServerResponse) => {
    const requestId = acceptRequestId(req, options.trustedProxies);
    res.setHeader(REQUEST_ID_HEADER, requestId);
    observeRequest(req, res, requestId, options.accessLog);
    withRequestId(requestId, () => route(req, res));
  };

  function route(req: IncomingMessage, res: ServerResponse) {
    acceptClientAddress(req, options.trustedProxies);
    const pathname = (req.url ?? '/').split('?', 1)[0] ?? '/';
    const operational = operationalHandler(pathname, options);
    if (operational) {
      operational(req, res);
      return;
    }
    if (isApiPath(pathname)) {
      if (!guard.api(req, res, pathname)) options.handleApi(req, res);
      return;
    }
    if (!guard.page(req, res, pathname)) options.handlePage(req, res);
  }
}
