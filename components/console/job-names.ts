import 'server-only';
import type { Db } from '@/lib/db';
import { invoiceHeadline } from '@/lib/invoices';
import { getEntriesData, partyOf } from '@/lib/silo';
import { getWorkflowNames, type WorkflowName } from '@/lib/transform';
import type { JobSubject } from './job-subject';

export interface JobNames {
  /** What each job works on, by entry id: a supplier by its name, an invoice by its number. */
  subjects: Record<string, JobSubject>;
  workflows: Record<string, WorkflowName>;
}

/** The subject of a job read from its entry's data: an invoice when it holds one, else a supplier (a party). */
export function jobSubjectOf(data: unknown): JobSubject {
  const invoice = invoiceHeadline(data);
  if (invoice) return { kind: 'invoice', ...invoice };
  return { kind: 'supplier', name: partyOf(data as Record<string, unknown>).name };
}

/** The subjects and workflow names behind a page of jobs: one query for the entries, one for the workflows. */
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
    subjects: Object.fromEntries(entryRows.map((row) => [row.id, jobSubjectOf(row.data)])),
    workflows,
  };
}
