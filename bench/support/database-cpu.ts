import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/lib/db';
import { cpuMs } from './process-stats';

/**
 * CPU time (ms) the database's own processes have used for this app so far: PostgreSQL's backends
 * connected to its database (PGlite runs in the app's process: 0, counted with the process). Read
 * per backend from /proc; a backend that ended between two readings takes its time with it.
 */
export async function databaseCpu(database: Database): Promise<Map<number, number>> {
  const used = new Map<number, number>();
  if (database.kind !== 'postgres') return used;
  const rows = await queryRows<{ pid: number }>(
    database.db,
    sql`select pid from pg_stat_activity where datname = current_database()`,
  );
  for (const { pid } of rows) {
    const ms = cpuMs(Number(pid));
    if (ms !== undefined) used.set(Number(pid), ms);
  }
  return used;
}

/** The database's CPU between two readings of databaseCpu (a backend new since counts from 0). */
export function databaseCpuBetween(before: Map<number, number>, after: Map<number, number>) {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}
