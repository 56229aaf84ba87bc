'use client';

import { useActionState } from 'react';
import { useTranslations } from 'next-intl';
import { FormMessage } from '@/components/wizard/form-message';
import { SubmitButton } from '@/components/wizard/submit-button';
import { useFileLimit } from '@/components/wizard/use-file-limit';
import type { ByoState } from './actions';

const input = 'block w-full rounded-md border border-slate-500 bg-white px-3 py-2 file:mr-3 file:rounded file:border-0 file:bg-slate-200 file:px-3 file:py-1';

export type UploadOwnCredentials = (state: ByoState, form: FormData) => Promise<ByoState>;

// Bound on the server (see the page): an action bound here is a new reference at every render, and
// React's server renderer, answering a form posted without JavaScript, would wait on it forever.
export function ByoForm({ action: upload }: { action: UploadOwnCredentials }) {
  const t = useTranslations('wizard.certificate');
  const tu = useTranslations('wizard.upload');
  const [state, action] = useActionState<ByoState, FormData>(upload, {});
  const limit = useFileLimit((file) => tu('tooLarge', file));
  return (
    <form action={action} onSubmit={limit.reset} className="space-y-3">
      <FileField name="certificate" label={t('byoCertificate')} accept=".crt,.cer,.pem,.der" onChoose={limit.check} />
      <FileField name="key" label={t('byoKey')} accept=".key,.pem,.der,.p8" onChoose={limit.check} />
      <div className="space-y-1">
        <label htmlFor="byo-password" className="font-medium">
          {t('byoPassword')}
        </label>
        <input id="byo-password" name="password" type="password" autoComplete="off" className="w-full max-w-sm rounded-md border border-slate-500 bg-white px-3 py-2" />
      </div>
      <FormMessage title={!limit.errors.length && state.errors?.length ? tu('problemsTitle') : undefined} messages={limit.errors.length ? limit.errors : (state.errors ?? [])} />
      <SubmitButton label={t('byoSubmit')} pendingLabel={tu('validating')} variant="secondary" />
    </form>
  );
}

function FileField({ name, label, accept, onChoose }: { name: string; label: string; accept: string; onChoose: (input: HTMLInputElement) => void }) {
  return (
    <div className="space-y-1">
      <label htmlFor={`byo-${name}`} className="font-medium">
        {label}
      </label>
      <input id={`byo-${name}`} name={name} type="file" required accept={accept} onChange={(e) => onChoose(e.target)} className={input} />
    </div>
  );
}
