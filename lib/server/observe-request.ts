import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { redactUrl } from '@/lib/log';
import { observeHttp } from '@/lib/metrics';
import { routeClass } from './route-class';

/**
 * When the answer has gone out: its latency in the metrics and, when `accessLog` is given and logs
 * at info, one `request` line (the ref in /reg/<ref> masked).
 */
export function observeRequest(
  req: IncomingMessage,
  res: ServerResponse,
  requestId: string,
  accessLog: Logger | undefined,
): void {
  const started = performance.now();
  res.once('finish', () => {
    const ms = performance.now() - started;
    const pathname = (req.url ?? '/').split('?', 1)[0] ?? '/';
    observeHttp(routeClass(pathname), res.statusCode, ms / 1000);
    // Named outright: 'finish' may fire outside the request's context.
    if (accessLog?.isLevelEnabled('info'))
      accessLog.info(
        {
          requestId,
          method: req.method,
          path: redactUrl(req.url ?? '/'),
          status: res.statusCode,
          ms: Math.round(ms),
        },
        'request',
      );
  });
}
