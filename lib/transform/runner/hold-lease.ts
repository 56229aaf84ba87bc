import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import type { Logger } from 'pino';

// Renewed three times per lease: a renewal late by up to two thirds of it still lands in time.
const RENEWALS_PER_LEASE = 3;

/**
 * Keeps a claimed job's lease fresh while this runner works on it: only a runner that stopped (a
 * crash) lets its lease expire. Without it, a step longer than the lease (a webhook delivery, a slow
 * ARCA call) would be taken over by another runner and run twice at once. Returns the stop function.
 */
export function holdLease(
  db: Db,
  jobId: string,
  owner: string,
  leaseMs: number,
  log: Logger,
): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const renew = async () => {
    try {
      const rows = await db
        .update(schema.jobs)
        .set({ leaseUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})` })
        .where(and(eq(schema.jobs.id, jobId), eq(schema.jobs.leaseOwner, owner)))
        .returning({ id: schema.jobs.id });
      // Lost (another runner took it over) or released (the job moved on without a lease): nothing to hold.
      if (rows.length === 0) stopped = true;
    } catch (error) {
      log.warn({ err: error, jobId }, 'runner: lease renewal failed; retrying');
    }
    if (!stopped) timer = setTimeout(() => void renew(), leaseMs / RENEWALS_PER_LEASE);
  };
  timer = setTimeout(() => void renew(), leaseMs / RENEWALS_PER_LEASE);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
