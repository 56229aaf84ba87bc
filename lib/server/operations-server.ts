import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { HEALTH_PATHS } from './health';

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

interface OperationsServerOptions {
  port: number;
  host: string;
  /** /healthz and /readyz (createHealthEndpoints). */
  handleHealth: Handler;
  /** /metrics (createMetricsEndpoint), only when METRICS_TOKEN is set; otherwise a 404 like any path. */
  handleMetrics?: Handler;
}

export interface OperationsServer {
  port: number;
  /** Stops listening; a scrape under way gets up to 5 s to finish. */
  close(): Promise<void>;
}

/** A process without the app's pages and API (`npm run worker`): only its probes and its metrics. */
export async function startOperationsServer(
  options: OperationsServerOptions,
): Promise<OperationsServer> {
  const server = http.createServer((req, res) => {
    const pathname = (req.url ?? '/').split('?', 1)[0] ?? '/';
    const handler = HEALTH_PATHS.includes(pathname as (typeof HEALTH_PATHS)[number])
      ? options.handleHealth
      : pathname === '/metrics'
        ? options.handleMetrics
        : undefined;
    if (!handler) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found.\n');
      return;
    }
    void handler(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    close: async () => {
      const force = setTimeout(() => server.closeAllConnections(), 5_000).unref();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await closed;
      clearTimeout(force);
    },
  };
}
