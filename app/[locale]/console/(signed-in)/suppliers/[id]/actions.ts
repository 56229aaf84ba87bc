'use server';

import { revalidatePath } from 'next/cache';
import { getDb } from '@/lib/db';
import { DomainError } from '@/lib/errors';
import { createJob } from '@/lib/transform';
import { formValues, type ActionResult } from '@/components/console/action-result';
import { requireOperator } from '../../../session';

export type RunWorkflowState = ActionResult<{ workflow_id: string }, { jobId: string }>;

/** Starts the chosen workflow on a supplier; createJob checks both ids against the session's workspace. */
export async function runWorkflowAction(_previous: RunWorkflowState, formData: FormData): Promise<RunWorkflowState> {
  const operator = await requireOperator();
  const values = formValues(formData, ['workflow_id'] as const);
  const entryId = String(formData.get('entry_id') ?? '');
  if (!values.workflow_id || !entryId) return { status: 'error', code: 'chooseWorkflow', values };
  try {
    const { job } = await createJob(await getDb(), operator.workspaceId, { body: { workflow_id: values.workflow_id, silo_entry_id: entryId } });
    revalidatePath('/[locale]/console', 'layout');
    return { status: 'ok', code: 'workflowStarted', data: { jobId: job.id }, values };
  } catch (error) {
    if (error instanceof DomainError) return { status: 'error', code: 'workflowNotStarted', values };
    throw error;
  }
}
