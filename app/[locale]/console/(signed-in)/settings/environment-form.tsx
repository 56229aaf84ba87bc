'use client';

import { useActionState } from 'react';
import { useTranslations } from 'next-intl';
import { setEnvironmentAction, type EnvironmentState } from './actions';
import { idle } from '@/components/forms/action-state';
import { FormStatus } from '@/components/console/form-status';
import { buttonClass } from '@/components/console/ui';

export function EnvironmentForm({ current }: { current: 'sandbox' | 'live' }) {
  const t = useTranslations('console.settings.environment');
  const [state, action, pending] = useActionState<EnvironmentState, FormData>(
    setEnvironmentAction,
    idle,
  );
  const selected = state.status === 'idle' ? current : (state.values?.environment ?? current);
  return (
    <form action={action} className="space-y-4">
      <fieldset className="space-y-2">
        <legend className="text-sm text-slate-700">{t('lead')}</legend>
        {(['sandbox', 'live'] as const).map((environment) => (
          <label
            key={`${environment}-${selected}`}
            className="flex items-start gap-3 rounded-md border border-slate-200 p-3"
          >
            <input
              type="radio"
              name="environment"
              value={environment}
              defaultChecked={selected === environment}
              className="mt-1 h-4 w-4"
            />
            <span>
              <span className="block font-medium">{t(`${environment}.label`)}</span>
              <span className="block text-sm text-slate-700">{t(`${environment}.help`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <FormStatus result={state} />
      <button type="submit" className={buttonClass} disabled={pending}>
        {t('save')}
      </button>
    </form>
  );
}
