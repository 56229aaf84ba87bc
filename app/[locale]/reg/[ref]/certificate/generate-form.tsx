'use client';

import { useActionState } from 'react';
import { useTranslations } from 'next-intl';
import { FormMessage } from '@/components/wizard/form-message';
import { SubmitButton } from '@/components/wizard/submit-button';
import { useFollowMove } from '@/components/wizard/use-follow-move';
import type { GenerateState } from './actions';

export type GenerateCsr = (state: GenerateState, form: FormData) => Promise<GenerateState>;

// Bound on the server (see the page): an action bound here is a new reference at every render, and
// React's server renderer, answering a form posted without JavaScript, would wait on it forever.
export function GenerateForm({
  action: generate,
  alias,
  hasCsr,
}: {
  action: GenerateCsr;
  alias: string;
  hasCsr: boolean;
}) {
  const t = useTranslations('wizard.certificate');
  const [state, action] = useActionState<GenerateState, FormData>(generate, {
    status: 'idle',
    values: { alias },
  });
  useFollowMove(state);
  const errors = state.status === 'error' ? (state.errors ?? []) : [];
  return (
    // noValidate: the server's message names the problem in the supplier's language, the browser's would not.
    <form action={action} className="space-y-3" noValidate>
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
          defaultValue={state.values?.alias ?? alias}
          required
          maxLength={32}
          pattern="[A-Za-z0-9]+"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          aria-describedby="alias-hint"
          aria-invalid={errors.length ? true : undefined}
          className="w-full max-w-sm rounded-md border border-slate-500 bg-white px-3 py-2"
        />
      </div>
      <FormMessage messages={errors} />
      <SubmitButton
        label={hasCsr ? t('regenerate') : t('generate')}
        pendingLabel={t('generating')}
        variant={hasCsr ? 'secondary' : 'primary'}
      />
    </form>
  );
}
