import 'server-only';
import { sql } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import type { JobRow } from './types';

/**
 * Leases up to `limit` runnable jobs to `owner` and returns them. SKIP LOCKED lets several instances
 * claim at once without taking the same job; an expired lease (a crashed instance) makes a job
 * claimable again.
 */
export async function claimJobs(
  db: Db,
  owner: string,
  limit: number,
  leaseMs: number,
): Promise<JobRow[]> {
  const jobs = schema.jobs;
  return db
    .update(jobs)
    .set({
      leaseOwner: owner,
      leaseUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
      attempts: sql`${jobs.attempts} + 1`,
    })
    .where(
      sql`${jobs.id} in (
        select id from transform_jobs
        where completed_at is null and run_after <= now() and (lease_until is null or lease_until < now())
        order by run_after
        limit ${limit}
        for update skip locked)`,
    )
    .returning();
}
