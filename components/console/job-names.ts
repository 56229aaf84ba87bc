import 'server-only';
import type { Db } from '@/lib/db';
import { getEntry } from '@/lib/silo';
import { getWorkflow } from '@/lib/transform';
import { partyOf } from './party';

export interface JobNames {
  suppliers: Record<string, string>;
  workflows: Record<string, string>;
}

/** The supplier and workflow names behind a page of jobs (each distinct id looked up once). */
export async function jobNames(db: Db, workspaceId: string, jobs: { silo_entry_id: string; workflow_id: string }[]): Promise<JobNames> {
  const entryIds = [...new Set(jobs.map((job) => job.silo_entry_id))];
  const workflowIds = [...new Set(jobs.map((job) => job.workflow_id))];
  const [entries, workflows] = await Promise.all([
    Promise.all(entryIds.map((id) => getEntry(db, workspaceId, id))),
    Promise.all(workflowIds.map((id) => getWorkflow(db, workspaceId, id))),
  ]);
  return {
    suppliers: Object.fromEntries(entries.flatMap((entry) => (entry ? [[entry.id, partyOf(entry.data).name]] : []))),
    workflows: Object.fromEntries(workflows.flatMap((workflow) => (workflow ? [[workflow.id, workflow.name]] : []))),
  };
}
