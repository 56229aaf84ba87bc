'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';

/** Copies a value; the text beside it stays selectable for browsers without the clipboard API. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const t = useTranslations('console.copy');
  const [copied, setCopied] = useState(false);
  return (
    <>
      <button
        type="button"
        className="inline-flex items-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-100"
        onClick={async () => {
          await navigator.clipboard?.writeText(value).catch(() => undefined);
          setCopied(true);
        }}
      >
        {label}
      </button>
      <span aria-live="polite" className="text-sm text-emerald-800">
        {copied ? t('copied') : ''}
      </span>
    </>
  );
}
