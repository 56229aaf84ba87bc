'use client';

import { useActionState } from 'react';
import { useTranslations } from 'next-intl';
import { signInAction, type SignInState } from './actions';
import { idle } from '@/components/forms/action-state';
import { FormStatus } from '@/components/console/form-status';
import { buttonClass, Field, inputClass } from '@/components/console/ui';

export function SignInForm() {
  const t = useTranslations('console.signIn');
  const [state, action, pending] = useActionState<SignInState, FormData>(signInAction, idle);
  const email = state.status === 'error' ? state.values.email : '';
  const failed = state.status === 'error';
  return (
    <form action={action} className="space-y-4" aria-describedby="sign-in-status">
      <FormStatus result={state} id="sign-in-status" />
      <Field label={t('email')} name="email">
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="username"
          required
          defaultValue={email}
          aria-invalid={failed || undefined}
          className={inputClass}
        />
      </Field>
      <Field label={t('password')} name="password">
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={failed || undefined}
          className={inputClass}
        />
      </Field>
      <button type="submit" className={`${buttonClass} w-full`} disabled={pending}>
        {pending ? t('submitting') : t('submit')}
      </button>
    </form>
  );
}
