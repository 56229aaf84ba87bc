import type { PGlite } from '@electric-sql/pglite';
import {
  ANALYZE_GROWN_TABLES_EVERY_MS,
  analyzeGrownTables,
  USER_TABLES,
} from './analyze-grown-tables';

// PGlite is PostgreSQL without autovacuum: nothing refreshes the planner's statistics or clears
// dead rows. A statement prepared while its table was small kept that plan after the table grew,
// and entry reads slowed as entries were added; fresh statistics re-plan it.
const DEFAULTS = {
  analyzeEveryMs: ANALYZE_GROWN_TABLES_EVERY_MS,
  vacuumEveryMs: 60 * 60_000,
  firstVacuumAfterMs: 10 * 60_000,
};

/**
 * Clears dead rows in every table, one table per statement so the app's queries queued meanwhile
 * get their turn between tables (PGlite runs one statement at a time).
 */
export async function vacuumAll(client: PGlite): Promise<void> {
  const { rows } = await client.query<{ name: string }>(USER_TABLES);
  for (const { name } of rows) await client.exec(`vacuum ${name}`);
}

/** Runs both on timers until stopped; they queue behind the app's queries like any other statement. */
export function startPgliteMaintenance(
  client: PGlite,
  onError: (error: unknown) => void,
  every: Partial<typeof DEFAULTS> = {},
) {
  const { analyzeEveryMs, vacuumEveryMs, firstVacuumAfterMs } = { ...DEFAULTS, ...every };
  let queue: Promise<unknown> = Promise.resolve();
  const report = (error: unknown) => {
    try {
      onError(error);
    } catch {
      // A failing reporter must not stop maintenance nor the database from closing.
    }
  };
  // A task still waiting or running is not queued again (a slow pass must not pile up behind itself).
  const pending = new Set<unknown>();
  const run = (task: (client: PGlite) => Promise<unknown>) => () => {
    if (pending.has(task)) return;
    pending.add(task);
    queue = queue
      .then(() => task(client))
      .catch(report)
      .finally(() => pending.delete(task));
  };
  const vacuum = run(vacuumAll);
  const timers = [setInterval(run(analyzeGrownTables), analyzeEveryMs).unref()];
  // A first pass ten minutes after start, so a process restarted more often than hourly still vacuums.
  const first = setTimeout(() => {
    vacuum();
    timers.push(setInterval(vacuum, vacuumEveryMs).unref());
  }, firstVacuumAfterMs).unref();
  return {
    async stop() {
      clearTimeout(first);
      timers.forEach(clearInterval);
      await queue;
    },
  };
}
