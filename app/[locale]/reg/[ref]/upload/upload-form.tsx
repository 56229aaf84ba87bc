'use client';

import { useActionState, useMemo, useState, type DragEvent, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { FormMessage } from '@/components/wizard/form-message';
import { SubmitButton } from '@/components/wizard/submit-button';
import { useFollowMove } from '@/components/wizard/use-follow-move';
import { useFileLimit } from '@/components/wizard/use-file-limit';
import { MAX_INPUT_BYTES } from '@/lib/limits';
import { idle } from '@/components/forms/action-state';
import type { UploadState } from './actions';

export type UploadCertificate = (state: UploadState, form: FormData) => Promise<UploadState>;

// Bound on the server (see the page): an action bound here is a new reference at every render, and
// React's server renderer, answering a form posted without JavaScript, would wait on it forever.
export function UploadForm({ action: upload }: { action: UploadCertificate }) {
  const t = useTranslations('wizard.upload');
  const [state, action] = useActionState<UploadState, FormData>(upload, idle);
  useFollowMove(state);
  // The file chosen since the last answer; after an answer the field is empty again and the answer names what was sent.
  const [chosen, setChosen] = useState<{ name: string; answer: UploadState }>();
  const [dragging, setDragging] = useState(false);
  const [heldBack, setHeldBack] = useState(0);
  const limit = useFileLimit((file) => t('tooLarge', file));
  const choose = (input: HTMLInputElement) => {
    const name = limit.check(input) ? input.files?.[0]?.name : undefined;
    setChosen(name ? { name, answer: state } : undefined);
  };
  const [pasteError, setPasteError] = useState<string>();
  const holdBack = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setHeldBack((n) => n + 1);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const elements = event.currentTarget.elements;
    const pasted = (elements.namedItem('pasted') as HTMLTextAreaElement | null)?.value ?? '';
    const fileChosen = !!(elements.namedItem('file') as HTMLInputElement | null)?.files?.length;
    // Pasted text over the limit is kept here: sent, a very long paste would exceed the action's body limit.
    const bytes = new TextEncoder().encode(pasted).length;
    if (bytes > MAX_INPUT_BYTES) {
      setPasteError(t('pastedTooLarge', { kb: Math.ceil(bytes / 1024) }));
      return holdBack(event);
    }
    setPasteError(undefined);
    // A file refused for its size was taken out of the field: with nothing else to send, its notice stays.
    if (limit.errors.length && !fileChosen && !pasted.trim()) return holdBack(event);
    limit.reset();
  };
  const localErrors = [...limit.errors, ...(pasteError ? [pasteError] : [])];
  const serverErrors = localErrors.length || state.status !== 'error' ? [] : (state.errors ?? []);
  const invalidAt = state.status === 'error' ? state.fields : undefined;
  const fileInvalid = limit.errors.length > 0 || (serverErrors.length > 0 && !!invalidAt?.file);
  const pastedInvalid = !!pasteError || (serverErrors.length > 0 && !!invalidAt?.pasted);
  const attention = useMemo(() => ({ state, heldBack }), [state, heldBack]);
  const shownName = chosen?.answer === state ? chosen.name : undefined;
  const sentName = state.values?.fileName;
  // Dropping a file fills the same <input type=file> a tap would, so the form posts it either way.
  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    const input = event.currentTarget.querySelector('input[type=file]') as HTMLInputElement | null;
    if (input && event.dataTransfer.files.length) {
      input.files = event.dataTransfer.files;
      choose(input);
    }
  };
  return (
    <form action={action} onSubmit={onSubmit} className="space-y-5">
      <label
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`block cursor-pointer rounded-lg border-2 border-dashed p-6 text-center ${dragging ? 'border-brand-700 bg-blue-50' : fileInvalid ? 'border-red-700 bg-white' : 'border-slate-400 bg-white'}`}
      >
        <span className="block font-semibold">{t('fileLabel')}</span>
        <span id="file-hint" className="mt-1 block text-sm text-slate-700">
          {t('fileHint')}
        </span>
        <input
          name="file"
          type="file"
          accept=".crt,.cer,.pem,.der,.p7b,application/x-x509-ca-cert,application/pkix-cert,application/x-pkcs7-certificates"
          onChange={(e) => choose(e.target)}
          aria-invalid={fileInvalid || undefined}
          aria-describedby={fileInvalid ? 'file-hint upload-message' : 'file-hint'}
          className="mx-auto mt-3 block text-sm file:mr-3 file:rounded file:border-0 file:bg-slate-200 file:px-3 file:py-1"
        />
        {shownName && <span className="mt-2 block text-sm font-medium">{shownName}</span>}
        {!shownName && sentName && (
          <span className="mt-2 block text-sm font-medium">
            {t('sentFile', { name: sentName })}
          </span>
        )}
      </label>
      <p className="text-center text-sm font-medium text-slate-700">{t('or')}</p>
      <div className="space-y-1">
        <label htmlFor="pasted" className="font-medium">
          {t('pasteLabel')}
        </label>
        <p id="pasted-hint" className="text-sm text-slate-700">
          {t('pasteHint')}
        </p>
        <textarea
          id="pasted"
          name="pasted"
          rows={8}
          defaultValue={state.values?.pasted}
          aria-invalid={pastedInvalid || undefined}
          aria-describedby={pastedInvalid ? 'pasted-hint upload-message' : 'pasted-hint'}
          spellCheck={false}
          className="w-full rounded-md border border-slate-500 bg-white p-2 font-mono text-sm"
        />
      </div>
      <FormMessage
        id="upload-message"
        title={
          serverErrors.length
            ? sentName
              ? t('problemsTitleFile', { name: sentName })
              : t('problemsTitle')
            : undefined
        }
        messages={localErrors.length ? localErrors : serverErrors}
        focusOn={attention}
      />
      <SubmitButton label={t('submit')} pendingLabel={t('validating')} />
    </form>
  );
}
