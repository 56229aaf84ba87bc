import http from 'node:http';
import { operationalHandler, type OperationalHandlers } from './operational-handler';

/** Without `handleMetrics`, /metrics is a 404 like any other path. */
interface OperationsServerOptions extends OperationalHandlers {
  port: number;
  host: string;
  handleHealth: NonNullable<OperationalHandlers['handleHealth']>;
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
    const handle = operationalHandler(pathname, options);
    if (handle) handle(req, res);
    else res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found.\n');
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
