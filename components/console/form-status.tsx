'use client';

import { useTranslations } from 'next-intl';
import type { ActionState } from '@/components/forms/action-state';

/** The form's result, announced politely; errors also get role=alert styling but stay in one live region. */
export function FormStatus({
  result,
  id,
}: {
  result: ActionState<Record<string, string>, unknown>;
  id?: string;
}) {
  const t = useTranslations('console.results');
  const tAny = useTranslations();
  const message =
    result.status === 'idle'
      ? ''
      : result.code
        ? t(result.code, result.status === 'error' ? result.params : undefined)
        : result.status === 'error' && result.message
          ? tAny(result.message.key, result.message.values)
          : '';
  const tone =
    result.status === 'error'
      ? 'border-red-300 bg-red-50 text-red-900'
      : 'border-emerald-300 bg-emerald-50 text-emerald-900';
  return (
    <div id={id} aria-live="polite" aria-atomic="true" data-testid="form-status">
      {message ? <p className={`rounded-md border px-3 py-2 text-sm ${tone}`}>{message}</p> : null}
    </div>
  );
}
