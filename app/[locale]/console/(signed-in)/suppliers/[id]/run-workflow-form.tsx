'use client';

import { useActionState } from 'react';
import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n';
import { runWorkflowAction, type RunWorkflowState } from './actions';
import { idle } from '@/components/forms/action-state';
import { FormStatus } from '@/components/console/form-status';
import { buttonClass, inputClass, linkClass } from '@/components/console/ui';

export function RunWorkflowForm({
  entryId,
  workflows,
  registered,
}: {
  entryId: string;
  workflows: { id: string; label: string }[];
  registered: boolean;
}) {
  const t = useTranslations('console.supplier.run');
  const [state, action, pending] = useActionState<RunWorkflowState, FormData>(
    runWorkflowAction,
    idle,
  );
  if (workflows.length === 0) {
    return (
      <p className="text-slate-700">
        {t('noWorkflows')}{' '}
        <Link href="/console/workflows/new" className={linkClass}>
          {t('createWorkflow')}
        </Link>
      </p>
    );
  }
  const selected =
    state.status === 'idle' ? workflows[0]!.id : (state.values?.workflow_id ?? workflows[0]!.id);
  return (
    <form action={action} className="space-y-3">
      <input type="hidden" name="entry_id" value={entryId} />
      <div>
        <label htmlFor="workflow_id" className="block text-sm font-medium">
          {t('workflow')}
        </label>
        <select
          id="workflow_id"
          name="workflow_id"
          defaultValue={selected}
          key={selected}
          className={inputClass}
        >
          {workflows.map((workflow) => (
            <option key={workflow.id} value={workflow.id}>
              {workflow.label}
            </option>
          ))}
        </select>
      </div>
      {registered ? (
        <div
          className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
          data-testid="rerun-warning"
        >
          <p>{t('registeredWarning')}</p>
          <label className="flex items-start gap-2 font-medium">
            <input type="checkbox" name="confirm_rerun" value="yes" required className="mt-1" />
            <span>{t('confirmRerun')}</span>
          </label>
        </div>
      ) : null}
      <FormStatus result={state} />
      {state.status === 'ok' ? (
        <Link href={`/console/jobs/${state.data.jobId}`} className={`${linkClass} block`}>
          {t('viewJob')}
        </Link>
      ) : null}
      <button type="submit" className={buttonClass} disabled={pending}>
        {pending ? t('running') : t('submit')}
      </button>
    </form>
  );
}
