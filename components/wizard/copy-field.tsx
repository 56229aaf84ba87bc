'use client';

import { useId, useState, useSyncExternalStore } from 'react';
import { useTranslations } from 'next-intl';

// False in the server's HTML and while hydrating, true once JavaScript runs: nothing to subscribe to.
const subscribeToNothing = () => () => {};

/** A read-only value with a copy button (the button appears once JavaScript runs; selecting works without it). */
export function CopyField({
  label,
  value,
  multiline = false,
}: {
  label: string;
  value: string;
  multiline?: boolean;
}) {
  const t = useTranslations('wizard.copy');
  const id = useId();
  const ready = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(value);
    setCopied(true);
    setTimeout(() => setCopied(false), 2500);
  };
  const field =
    'w-full rounded-md border border-slate-400 bg-slate-50 p-2 font-mono text-sm text-slate-900';
  return (
    <div className="space-y-1">
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        {ready && (
          <button
            type="button"
            onClick={copy}
            className="rounded-md border border-slate-400 bg-white px-3 py-1 text-sm font-medium text-slate-900 hover:bg-slate-100"
          >
            {copied ? t('copied') : t('copy')}
          </button>
        )}
      </div>
      {multiline ? (
        <textarea id={id} readOnly value={value} rows={8} className={field} />
      ) : (
        <input id={id} readOnly value={value} className={field} />
      )}
      <span aria-live="polite" className="sr-only">
        {copied ? t('copied') : ''}
      </span>
    </div>
  );
}
