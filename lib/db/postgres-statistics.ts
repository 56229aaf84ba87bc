import type { Pool } from 'pg';
import { ANALYZE_GROWN_TABLES_EVERY_MS, analyzeGrownTables } from './analyze-grown-tables';

/**
 * On a PostgreSQL whose autovacuum is off, analyzes the tables that grew, as PGlite's maintenance
 * does: nothing else would refresh the planner's statistics, and each pooled connection would keep
 * the plans of its prepared statements made while the tables were small (the supplier lookup of an
 * invoice read every entry, 17 ms at 4,000 entries). With autovacuum on (PostgreSQL's default) it
 * does nothing: the server keeps them. Returns undefined then.
 */
export async function keepStatisticsWithoutAutovacuum(
  pool: Pool,
  report: { off(): void; failed(error: unknown): void },
): Promise<{ stop(): Promise<void> } | undefined> {
  const { rows } = await pool.query<{ on: boolean }>(
    `select current_setting('autovacuum')::boolean and current_setting('track_counts')::boolean as on`,
  );
  if (rows[0]?.on) return undefined;
  report.off();
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    running ??= analyzeGrownTables(pool)
      .catch(report.failed)
      .finally(() => (running = undefined));
  }, ANALYZE_GROWN_TABLES_EVERY_MS).unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
