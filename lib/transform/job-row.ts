import { toDate, toDateOrNull, type schema } from '@/lib/db';

export type JobRow = typeof schema.jobs.$inferSelect;

/** A transform_jobs row as a statement returns it (`returning *`), typed as Drizzle would. */
export function jobFromRow(row: Record<string, unknown>): JobRow {
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
