import 'server-only';
import { runStatement, statement, type Db } from '@/lib/db';
import { jobFromRow } from '../job-row';
import type { JobRow } from './types';

/** A claimed job, with its entry's document schema read in the same statement (null: no entry). */
export type ClaimedJob = JobRow & { entryDocSchema: string | null };

const claim = statement(
  'transform_claim_jobs',
  `update transform_jobs set lease_owner = $1, lease_until = now() + make_interval(secs => $2),
     attempts = attempts + 1
   where id in (
     select id from transform_jobs
     where completed_at is null and run_after <= now() and (lease_until is null or lease_until < now())
     order by run_after
     limit $3
     for update skip locked)
   returning transform_jobs.*,
     (select doc_schema from silo_entries e where e.id = transform_jobs.silo_entry_id) as entry_doc_schema`,
);

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
): Promise<ClaimedJob[]> {
  const rows = await runStatement(db, claim, [owner, leaseMs / 1000, limit]);
  return rows.map((row) => ({
    ...jobFromRow(row),
    entryDocSchema: (row.entry_doc_schema as string | null | undefined) ?? null,
  }));
}
