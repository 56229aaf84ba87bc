'use server';

import { revalidatePath } from 'next/cache';
import { getDb } from '@/lib/db';
import { DomainError } from '@/lib/errors';
import { getEntry } from '@/lib/silo';
import { createJob } from '@/lib/transform';
import { isUuid } from '@/components/console/is-uuid';
import { formValues, postedForm, type ActionState } from '@/components/forms/action-state';
import { errorState } from '@/components/forms/error-state';
import { requireOperator } from '../../../session';

export type RunWorkflowState = ActionState<{ workflow_id: string }, { jobId: string }>;

/** Starts the chosen workflow on a supplier; createJob checks both ids against the session's workspace. */
export async function runWorkflowAction(
  _previous: RunWorkflowState,
  posted: unknown,
): Promise<RunWorkflowState> {
  const formData = postedForm(posted);
  const operator = await requireOperator();
  const values = formValues(formData, ['workflow_id'] as const);
  const entryId = String(formData.get('entry_id') ?? '');
  if (!values.workflow_id || !entryId) return { status: 'error', code: 'chooseWorkflow', values };
  const db = await getDb();
  // Registering again sends a new link and moves a registered supplier back to processing: asked, not assumed.
  if (
    formData.get('confirm_rerun') !== 'yes' &&
    isUuid(entryId) &&
    (await getEntry(db, operator.workspaceId, entryId))?.state === 'registered'
  ) {
    return { status: 'error', code: 'confirmRerun', values };
  }
  try {
    const { job } = await createJob(db, operator.workspaceId, {
      body: { workflow_id: values.workflow_id, silo_entry_id: entryId },
    });
    revalidatePath('/[locale]/console', 'layout');
    return { status: 'ok', code: 'workflowStarted', data: { jobId: job.id }, values };
  } catch (error) {
    if (error instanceof DomainError)
      return errorState(error, values, { code: 'workflowNotStarted' });
    throw error;
  }
}
