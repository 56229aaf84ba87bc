'use client';

import { useActionState, useMemo, useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { FormMessage } from '@/components/wizard/form-message';
import { SubmitButton } from '@/components/wizard/submit-button';
import { useFollowMove } from '@/components/wizard/use-follow-move';
import { useFileLimit } from '@/components/wizard/use-file-limit';
import { idle } from '@/components/forms/action-state';
import type { ByoField, ByoState } from './actions';

const input =
  'block w-full rounded-md border border-slate-500 bg-white px-3 py-2 file:mr-3 file:rounded file:border-0 file:bg-slate-200 file:px-3 file:py-1';

export type UploadOwnCredentials = (state: ByoState, form: FormData) => Promise<ByoState>;

// Bound on the server (see the page): an action bound here is a new reference at every render, and
// React's server renderer, answering a form posted without JavaScript, would wait on it forever.
export function ByoForm({ action: upload }: { action: UploadOwnCredentials }) {
  const t = useTranslations('wizard.certificate');
  const tu = useTranslations('wizard.upload');
  const [state, action] = useActionState<ByoState, FormData>(upload, idle);
  useFollowMove(state);
  const [heldBack, setHeldBack] = useState(0);
  const limit = useFileLimit((file) => tu('tooLarge', file));
  // noValidate below: a missing file gets the server's message in the supplier's language, not the browser's.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // A file refused for its size was taken out of its field: sending now would only lose its notice.
    if (limit.errors.length) {
      event.preventDefault();
      return setHeldBack((n) => n + 1);
    }
    limit.reset();
  };
  const serverErrors = limit.errors.length || state.status !== 'error' ? [] : (state.errors ?? []);
  const invalid = (field: ByoField) =>
    limit.fields.includes(field) ||
    (serverErrors.length > 0 && state.status === 'error' && !!state.fields?.[field]);
  const attention = useMemo(() => ({ state, heldBack }), [state, heldBack]);
  const sent = (name: string | undefined) =>
    name && serverErrors.length ? tu('sentFile', { name }) : undefined;
  return (
    <form action={action} onSubmit={onSubmit} className="space-y-3" noValidate>
      <FileField
        name="certificate"
        label={t('byoCertificate')}
        accept=".crt,.cer,.pem,.der,.p7b,.p12,.pfx"
        required
        onChoose={limit.check}
        invalid={invalid('certificate')}
        sent={sent(state.values?.certificateName)}
      />
      <FileField
        name="key"
        label={t('byoKey')}
        accept=".key,.pem,.der,.p8,.p12,.pfx"
        onChoose={limit.check}
        invalid={invalid('key')}
        sent={sent(state.values?.keyName)}
      />
      <div className="space-y-1">
        <label htmlFor="byo-password" className="font-medium">
          {t('byoPassword')}
        </label>
        <input
          id="byo-password"
          name="password"
          type="password"
          autoComplete="off"
          aria-invalid={invalid('password') || undefined}
          aria-describedby={invalid('password') ? MESSAGE_ID : undefined}
          className="w-full max-w-sm rounded-md border border-slate-500 bg-white px-3 py-2"
        />
      </div>
      <FormMessage
        id={MESSAGE_ID}
        title={serverErrors.length ? tu('problemsTitle') : undefined}
        messages={limit.errors.length ? limit.errors : serverErrors}
        focusOn={attention}
      />
      <SubmitButton label={t('byoSubmit')} pendingLabel={tu('validating')} variant="secondary" />
    </form>
  );
}

const MESSAGE_ID = 'byo-message';

type FileFieldProps = {
  name: ByoField;
  label: string;
  accept: string;
  required?: boolean;
  onChoose: (input: HTMLInputElement) => void;
  invalid: boolean;
  sent?: string;
};

function FileField({
  name,
  label,
  accept,
  required = false,
  onChoose,
  invalid,
  sent,
}: FileFieldProps) {
  const sentId = `byo-${name}-sent`;
  const describedBy = [sent ? sentId : '', invalid ? MESSAGE_ID : ''].filter(Boolean).join(' ');
  return (
    <div className="space-y-1">
      <label htmlFor={`byo-${name}`} className="font-medium">
        {label}
      </label>
      <input
        id={`byo-${name}`}
        name={name}
        type="file"
        required={required}
        accept={accept}
        onChange={(e) => onChoose(e.target)}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy || undefined}
        className={input}
      />
      {sent && (
        <p id={sentId} className="text-sm text-slate-700">
          {sent}
        </p>
      )}
    </div>
  );
}
