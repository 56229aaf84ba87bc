import 'server-only';
import type { Db } from '@/lib/db';
import { getEntriesData, partyOf } from '@/lib/silo';
import { getWorkflowNames } from '@/lib/transform';

export interface JobNames {
  suppliers: Record<string, string>;
  workflows: Record<string, string>;
}

/** The supplier and workflow names behind a page of jobs: one query for the entries, one for the workflows. */
export async function jobNames(
  db: Db,
  workspaceId: string,
  jobs: { siloEntryId: string; workflowId: string }[],
): Promise<JobNames> {
  const entryIds = [...new Set(jobs.map((job) => job.siloEntryId))];
  const workflowIds = [...new Set(jobs.map((job) => job.workflowId))];
  const [entryRows, workflows] = await Promise.all([
    getEntriesData(db, workspaceId, entryIds),
    getWorkflowNames(db, workspaceId, workflowIds),
  ]);
  return {
    suppliers: Object.fromEntries(
      entryRows.map((row) => [row.id, partyOf(row.data as Record<string, unknown>).name]),
    ),
    workflows,
  };
}
