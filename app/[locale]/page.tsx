import { getTranslations, setRequestLocale } from 'next-intl/server';
import { localeParams } from '@/lib/i18n';
import { NumberedSteps } from '@/components/ui/numbered-steps';

type Props = { params: Promise<{ locale: string }> };

export default async function HomePage({ params }: Props) {
  const { locale } = await localeParams(params);
  setRequestLocale(locale);
  const t = await getTranslations('home');
  const steps = ['step1', 'step2', 'step3', 'step4'] as const;
  return (
    <div className="space-y-10">
      <header className="space-y-4">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('title')}</h1>
        <p className="text-lg text-slate-700">{t('lead')}</p>
      </header>
      <section
        aria-labelledby="supplier-title"
        className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
      >
        <h2 id="supplier-title" className="text-xl font-semibold">
          {t('supplierTitle')}
        </h2>
        <p className="mt-2 text-slate-700">{t('supplierBody')}</p>
      </section>
      <section aria-labelledby="steps-title">
        <h2 id="steps-title" className="text-xl font-semibold">
          {t('stepsTitle')}
        </h2>
        <NumberedSteps
          className="mt-4 space-y-3"
          steps={steps.map((step) => ({
            key: step,
            content: <span className="pt-0.5">{t(step)}</span>,
          }))}
        />
      </section>
      <section aria-labelledby="developers-title">
        <h2 id="developers-title" className="text-xl font-semibold">
          {t('developersTitle')}
        </h2>
        <p className="mt-2 text-slate-700">
          {t('developersBody')}{' '}
          <a href="/openapi.json" className="font-medium text-brand-700 underline">
            {t('openapiLink')}
          </a>
          .
        </p>
      </section>
    </div>
  );
}
