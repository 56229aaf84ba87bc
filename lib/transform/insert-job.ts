import 'server-only';
import { sql } from 'drizzle-orm';
import { queryRows, type Db, type schema } from '@/lib/db';

type JobRow = typeof schema.jobs.$inferSelect;
type NewJob = Pick<JobRow, 'id' | 'ownerId' | 'workflowId' | 'siloEntryId' | 'args' | 'tags' | 'requestHash'> & { key?: string };

const date = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string | Date));

/**
 * Inserts a job in one round trip, only if its workflow and entry are this workspace's; undefined
 * when they are not, or when the id or the workspace's key is already taken.
 */
export async function insertJob(db: Db, job: NewJob): Promise<JobRow | undefined> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`insert into transform_jobs (id, owner_id, key, workflow_id, silo_entry_id, args, tags, request_hash)
        select ${job.id}, ${job.ownerId}, ${job.key ?? null}, ${job.workflowId}, ${job.siloEntryId}, ${JSON.stringify(job.args)}::jsonb, ${JSON.stringify(job.tags)}::jsonb, ${job.requestHash}
        where exists (select 1 from transform_workflows where id = ${job.workflowId} and owner_id = ${job.ownerId})
          and exists (select 1 from silo_entries where id = ${job.siloEntryId} and owner_id = ${job.ownerId})
        on conflict do nothing
        returning *`,
  );
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
    runAfter: date(row.run_after)!,
    leaseOwner: (row.lease_owner as string | null) ?? null,
    leaseUntil: date(row.lease_until),
    attempts: Number(row.attempts),
    createdAt: date(row.created_at)!,
    updatedAt: date(row.updated_at)!,
    completedAt: date(row.completed_at),
  };
}
