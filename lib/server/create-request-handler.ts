import type { IncomingMessage, ServerResponse } from 'node:http';
import { isApiPath } from '@/lib/api';
import { createPublicRequestGuard } from '@/lib/page-cache';
import { acceptClientAddress, type TrustedProxies } from '@/lib/security';
import { HEALTH_PATHS } from './health';

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
  now?: () => number;
}

/**
 * server.ts's one request listener, in the order that matters: who sent the request (forwarded
 * headers count only from a trusted proxy), then the per-address limit, then the API or the pages.
 */
export function createRequestHandler(options: RequestHandlerOptions) {
  const guard = createPublicRequestGuard({
    requestsPerMinute: options.requestsPerMinute,
    now: options.now,
  });
  return (req: IncomingMessage, res: ServerResponse) => {
    acceptClientAddress(req, options.trustedProxies);
    const pathname = (req.url ?? '/').split('?', 1)[0] ?? '/';
    const operational = HEALTH_PATHS.includes(pathname as (typeof HEALTH_PATHS)[number])
      ? options.handleHealth
      : pathname === '/metrics'
        ? options.handleMetrics
        : undefined;
    if (operational) {
      void operational(req, res).catch(() => {
        if (!res.headersSent) res.writeHead(500).end();
      });
      return;
    }
    if (isApiPath(pathname)) {
      if (!guard.api(req, res, pathname)) options.handleApi(req, res);
      return;
    }
    if (!guard.page(req, res, pathname)) options.handlePage(req, res);
  };
}
