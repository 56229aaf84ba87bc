'use client';

import { useActionState } from 'react';
import { useTranslations } from 'next-intl';
import { FormMessage } from '@/components/wizard/form-message';
import { SubmitButton } from '@/components/wizard/submit-button';
import { generateCsr, type GenerateState } from './actions';

export function GenerateForm({ refCode, locale, alias, hasCsr }: { refCode: string; locale: string; alias: string; hasCsr: boolean }) {
  const t = useTranslations('wizard.certificate');
  const [state, action] = useActionState<GenerateState, FormData>(generateCsr.bind(null, refCode, locale), { alias });
  return (
    <form action={action} className="space-y-3">
      <div className="space-y-1">
        <label htmlFor="alias" className="font-medium">
          {hasCsr ? t('aliasNewLabel') : t('aliasLabel')}
        </label>
        <p id="alias-hint" className="text-sm text-slate-700">
          {t('aliasHint')}
        </p>
        <input
          id="alias"
          name="alias"
          defaultValue={state.alias ?? alias}
          required
          maxLength={32}
          pattern="[A-Za-z0-9]+"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          aria-describedby="alias-hint"
          aria-invalid={state.error ? true : undefined}
          className="w-full max-w-sm rounded-md border border-slate-500 bg-white px-3 py-2"
        />
      </div>
      <FormMessage messages={state.error ? [state.error] : []} />
      <SubmitButton label={hasCsr ? t('regenerate') : t('generate')} pendingLabel={t('generating')} variant={hasCsr ? 'secondary' : 'primary'} />
    </form>
  );
}
