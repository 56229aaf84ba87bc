'use client';

import { useActionState } from 'react';
import { useTranslations } from 'next-intl';
import { FormMessage } from '@/components/wizard/form-message';
import { SubmitButton } from '@/components/wizard/submit-button';
import { useFileLimit } from '@/components/wizard/use-file-limit';
import { uploadOwnCredentials, type ByoState } from './actions';

const input = 'block w-full rounded-md border border-slate-500 bg-white px-3 py-2 file:mr-3 file:rounded file:border-0 file:bg-slate-200 file:px-3 file:py-1';

export function ByoForm({ refCode, locale }: { refCode: string; locale: string }) {
  const t = useTranslations('wizard.certificate');
  const tu = useTranslations('wizard.upload');
  const [state, action] = useActionState<ByoState, FormData>(uploadOwnCredentials.bind(null, refCode, locale), {});
  const limit = useFileLimit((file) => tu('tooLarge', file));
  return (
    <form action={action} onSubmit={limit.reset} className="space-y-3">
      <FileField name="certificate" label={t('byoCertificate')} accept=".crt,.cer,.pem,.der,.p7b,.p12,.pfx" required onChoose={limit.check} />
      <FileField name="key" label={t('byoKey')} accept=".key,.pem,.der,.p8,.p12,.pfx" onChoose={limit.check} />
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

function FileField({ name, label, accept, required = false, onChoose }: { name: string; label: string; accept: string; required?: boolean; onChoose: (input: HTMLInputElement) => void }) {
  return (
    <div className="space-y-1">
      <label htmlFor={`byo-${name}`} className="font-medium">
        {label}
      </label>
      <input id={`byo-${name}`} name={name} type="file" required={required} accept={accept} onChange={(e) => onChoose(e.target)} className={input} />
    </div>
  );
}
