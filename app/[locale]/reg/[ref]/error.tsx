'use client';

import { useTranslations } from 'next-intl';
import { useServerRetry } from '@/components/ui/use-server-retry';

/** Any unexpected failure inside a step: calm words, nothing lost, and a way to try again. */
export default function RegistrationError({
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  const t = useTranslations('wizard.error');
  const retry = useServerRetry(reset);
  return (
    <section aria-labelledby="error-title" className="space-y-4" data-testid="step-error">
      <h1 id="error-title" className="text-2xl font-bold">
        {t('title')}
      </h1>
      <p>{t('body')}</p>
      <button
        type="button"
        onClick={retry}
        className="inline-flex min-h-11 items-center justify-center rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
      >
        {t('retry')}
      </button>
    </section>
  );
}
