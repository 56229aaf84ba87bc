'use client';

import { useActionState } from 'react';
import { useTranslations } from 'next-intl';
import { createApiKeyAction, type ApiKeyState } from './actions';
import { idle } from '@/components/forms/action-state';
import { FormStatus } from '@/components/console/form-status';
import { SecretReveal } from '@/components/console/secret-reveal';
import { buttonClass, Field, inputClass } from '@/components/console/ui';

export function ApiKeyForm() {
  const t = useTranslations('console.settings.keys');
  const [state, action, pending] = useActionState<ApiKeyState, FormData>(createApiKeyAction, idle);
  const failed = state.status === 'error';
  return (
    <div className="space-y-4">
      {state.status === 'ok' ? (
        <SecretReveal
          id="api-key-token"
          label={t('tokenLabel', { name: state.data.name })}
          value={state.data.token}
          copyLabel={t('copy')}
          warning={t('tokenOnce')}
        />
      ) : null}
      <form action={action} className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <Field label={t('name')} name="key-name">
            <input
              id="key-name"
              name="name"
              required
              maxLength={100}
              defaultValue={failed ? state.values.name : ''}
              aria-invalid={failed || undefined}
              className={inputClass}
            />
          </Field>
        </div>
        <button type="submit" className={buttonClass} disabled={pending}>
          {t('create')}
        </button>
      </form>
      <FormStatus result={state} />
    </div>
  );
}
