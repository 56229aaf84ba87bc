import 'server-only';
import { runStatement, statement, toDate, toDateOrNull, type Db, type schema } from '@/lib/db';

type JobRow = typeof schema.jobs.$inferSelect;
type NewJob = Pick<
  JobRow,
  'id' | 'ownerId' | 'workflowId' | 'siloEntryId' | 'args' | 'tags' | 'requestHash'
> & { key?: string };

// Only if its workflow and entry are this workspace's, in one round trip.
export const insertJobIfReferencesExist = statement(
  'transform_insert_job',
  `insert into transform_jobs (id, owner_id, key, workflow_id, silo_entry_id, args, tags, request_hash)
   select $1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8
   where exists (select 1 from transform_workflows where id = $4 and owner_id = $2)
     and exists (select 1 from silo_entries where id = $5 and owner_id = $2)
   on conflict do nothing
   returning *`,
);

/** Inserts a job; undefined when its workflow or entry is not this workspace's, or the id or key is taken. */
export async function insertJob(db: Db, job: NewJob): Promise<JobRow | undefined> {
  const [row] = await runStatement(db, insertJobIfReferencesExist, [
    job.id,
    job.ownerId,
    job.key ?? null,
    job.workflowId,
    job.siloEntryId,
    JSON.stringify(job.args),
    JSON.stringify(job.tags),
    job.requestHash,
  ]);
  if (!row) return undefined;
  return {
    id: String(row.id),
    seq: Number(row.seq),
    ownerId: String(row.owner_id),
    key: (row.key as string | null) ?? null,
    workflowId: String(row.workflow_id),
    siloEntryId: String(row.silo_entry_id),
    status: String(row.status),
    args: row.args,
    tags: row.tags,
    faults: row.faults,
    requestHash: String(row.request_hash),
    stepIndex: Number(row.step_index),
    phase: String(row.phase),
    runAfter: toDate(row.run_after),
    leaseOwner: (row.lease_owner as string | null) ?? null,
    leaseUntil: toDateOrNull(row.lease_until),
    attempts: Number(row.attempts),
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
    completedAt: toDateOrNull(row.completed_at),
  };
}
