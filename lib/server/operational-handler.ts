import type { IncomingMessage, ServerResponse } from 'node:http';
import { HEALTH_PATHS } from './health';

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export interface OperationalHandlers {
  /** /healthz and /readyz (createHealthEndpoints). */
  handleHealth?: Handler;
  /** /metrics (createMetricsEndpoint), only when METRICS_TOKEN is set. */
  handleMetrics?: Handler;
}

/**
 * What answers an operational path (/healthz, /readyz, /metrics) in any process that serves them,
 * or undefined for every other path and for a path whose handler is not given. A handler that throws gets a
 * bare 500.
 */
export function operationalHandler(
  pathname: string,
  handlers: OperationalHandlers,
): ((req: IncomingMessage, res: ServerResponse) => void) | undefined {
  const handler = (HEALTH_PATHS as readonly string[]).includes(pathname)
    ? handlers.handleHealth
    : pathname === '/metrics'
      ? handlers.handleMetrics
      : undefined;
  if (!handler) return undefined;
  return (req, res) =>
    void handler(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
}
