'use client';

import { useActionState } from 'react';
import { useTranslations } from 'next-intl';
import { FormMessage } from '@/components/wizard/form-message';
import { SubmitButton } from '@/components/wizard/submit-button';
import { useFollowMove } from '@/components/wizard/use-follow-move';
import type { Regime } from '@/lib/registration';
import type { CompanyState } from './actions';

export type SaveCompany = (state: CompanyState, form: FormData) => Promise<CompanyState>;

// Bound on the server (see the page): an action bound here is a new reference at every render, and
// React's server renderer, answering a form posted without JavaScript, would wait on it forever.
export function CompanyForm({
  action: save,
  regime,
  regimes,
}: {
  action: SaveCompany;
  regime: Regime | null;
  regimes: readonly Regime[];
}) {
  const t = useTranslations('wizard');
  const [state, action] = useActionState<CompanyState, FormData>(save, {
    status: 'idle',
    values: { regime: regime ?? undefined },
  });
  useFollowMove(state);
  const errors = state.status === 'error' ? (state.errors ?? []) : [];
  return (
    <form action={action} className="space-y-4" noValidate>
      <fieldset className="space-y-2" aria-describedby="regime-hint">
        <legend className="font-semibold">{t('company.regimeLegend')}</legend>
        <p id="regime-hint" className="text-sm text-slate-700">
          {t('company.regimeHint')}
        </p>
        {regimes.map((value) => (
          <label
            key={value}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-slate-300 bg-white px-3 py-2 has-[:checked]:border-brand-700 has-[:checked]:ring-1 has-[:checked]:ring-brand-700"
          >
            <input
              type="radio"
              name="regime"
              value={value}
              defaultChecked={state.values?.regime === value}
              required
              className="h-4 w-4 accent-brand-700"
            />
            {t(`company.regime.${value}`)}
          </label>
        ))}
      </fieldset>
      <FormMessage messages={errors} />
      <SubmitButton label={t('nav.next')} pendingLabel={t('nav.saving')} />
    </form>
  );
}
