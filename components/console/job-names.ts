import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import { partyOf } from './party';

export interface JobNames {
  suppliers: Record<string, string>;
  workflows: Record<string, string>;
}

/** The supplier and workflow names behind a page of jobs: one query for the entries, one for the workflows. */
export async function jobNames(db: Db, workspaceId: string, jobs: { silo_entry_id: string; workflow_id: string }[]): Promise<JobNames> {
  const entryIds = [...new Set(jobs.map((job) => job.silo_entry_id))];
  const workflowIds = [...new Set(jobs.map((job) => job.workflow_id))];
  const { entries, workflows } = schema;
  const [entryRows, workflowRows] = await Promise.all([
    entryIds.length === 0
      ? []
      : db.select({ id: entries.id, data: entries.data }).from(entries).where(and(eq(entries.ownerId, workspaceId), inArray(entries.id, entryIds))),
    workflowIds.length === 0
      ? []
      : db.select({ id: workflows.id, name: workflows.name }).from(workflows).where(and(eq(workflows.ownerId, workspaceId), inArray(workflows.id, workflowIds))),
  ]);
  return {
    suppliers: Object.fromEntries(entryRows.map((row) => [row.id, partyOf(row.data as Record<string, unknown>).name])),
    workflows: Object.fromEntries(workflowRows.map((row) => [row.id, row.name])),
  };
}
