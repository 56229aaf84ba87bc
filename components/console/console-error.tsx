'use client';

import { useTranslations } from 'next-intl';
import { useServerRetry } from '@/components/ui/use-server-retry';
import { buttonClass } from './ui';

/**
 * What a console page shows when it fails unexpectedly (its route's error.tsx): calm words, a retry
 * that asks the server again, and the error's reference. Next logs a server error with the same
 * digest, on a line that carries the request id, so an operator quoting it finds the cause.
 */
export function ConsoleError({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  const t = useTranslations('console.error');
  const retry = useServerRetry(reset);
  return (
    <section
      aria-labelledby="console-error-title"
      className="space-y-4"
      data-testid="console-error"
    >
      <h1 id="console-error-title" className="text-2xl font-bold">
        {t('title')}
      </h1>
      <p>{t('body')}</p>
      {error.digest ? (
        <p className="text-sm text-slate-600">
          {t('reference')} <code data-testid="error-reference">{error.digest}</code>
        </p>
      ) : null}
      <button type="button" onClick={retry} className={buttonClass}>
        {t('retry')}
      </button>
    </section>
  );
}
