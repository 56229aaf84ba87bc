import { timingSafeEqual, createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Db } from '@/lib/db';
import { markDatabaseReadingsStale, metricsRegistry } from '@/lib/metrics';
import { refreshDatabaseReadings } from './database-readings';

interface MetricsOptions {
  /** METRICS_TOKEN: the scraper sends it as `Authorization: Bearer <token>`. */
  token: string;
  /** Refreshes the readings taken from the database, just before they are written out. */
  refreshReadings(): Promise<void>;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** `GET /metrics` in Prometheus' text format, for a scraper holding the token. */
export function createMetricsEndpoint(options: MetricsOptions) {
  const expected = digest(options.token);
  return async function handleMetrics(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const header = req.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!timingSafeEqual(digest(given), expected)) {
      res
        .writeHead(401, { 'WWW-Authenticate': 'Bearer', 'Content-Type': 'text/plain' })
        .end('A metrics token is required.\n');
      return;
    }
    // A scrape still answers when the database does not: the process' own metrics say why.
    await options.refreshReadings().catch(markDatabaseReadingsStale);
    const body = await metricsRegistry.metrics();
    res
      .writeHead(200, { 'Content-Type': metricsRegistry.contentType, 'Cache-Control': 'no-store' })
      .end(body);
  };
}

/** The app's and the worker's `/metrics`: only with METRICS_TOKEN set, with this database's readings. */
export function metricsEndpointFor(token: string | undefined, getDb: () => Promise<Db>) {
  return token
    ? createMetricsEndpoint({
        token,
        refreshReadings: async () => refreshDatabaseReadings(await getDb()),
      })
    : undefined;
}
