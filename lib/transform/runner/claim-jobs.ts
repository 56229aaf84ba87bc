import 'server-only';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/lib/db';

/**
 * Leases up to `limit` runnable jobs to `owner`. SKIP LOCKED lets several instances claim at once
 * without taking the same job; an expired lease (a crashed instance) makes a job claimable again.
 */
export async function claimJobs(db: Db, owner: string, limit: number, leaseMs: number): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update transform_jobs set lease_owner = ${owner}, lease_until = now() + make_interval(secs => ${leaseMs / 1000}), attempts = attempts + 1
        where id in (
          select id from transform_jobs
          where completed_at is null and run_after <= now() and (lease_until is null or lease_until < now())
          order by run_after
          limit ${limit}
          for update skip locked)
        returning id`,
  );
  return rows.map((r) => r.id);
}
