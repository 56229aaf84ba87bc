import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import { explainOutcome, formatCuit } from '@/lib/arca';
import { StepForm } from '@/components/wizard/step-form';
import { PointOfSaleGuide } from '@/components/wizard/point-of-sale-guide';
import { StepHeading } from '@/components/wizard/step-heading';
import { getDb } from '@/lib/db';
import { Link, localeParams } from '@/lib/i18n';
import { listPointsOfSale } from '@/lib/registration';
import { requireStep } from '../load';
import { finishRegistration } from './actions';
import { PointsTable } from './points-table';

type Props = {
  params: Promise<{ locale: string; ref: string }>;
  searchParams: Promise<{ finish?: string }>;
};

export default async function PointsOfSaleStep({ params, searchParams }: Props) {
  const { locale, ref } = await localeParams(params);
  const { finish } = await searchParams;
  setRequestLocale(locale);
  const registration = await requireStep(ref, locale, 'points-of-sale');
  const t = await getTranslations('wizard.pos');
  const format = await getFormatter();
  const certificate = registration.credentials?.certificate;
  const result = await listPointsOfSale(await getDb(), registration);
  const live = registration.environment === 'live';
  return (
    <div className="space-y-8">
      <StepHeading
        base={`/reg/${ref}`}
        step="points-of-sale"
        reached={registration.step}
        renewal={registration.renewal}
        title={t('title')}
      />
      {certificate && (
        <p
          role="status"
          className="rounded-md border-l-4 border-emerald-700 bg-emerald-50 p-4 font-medium text-emerald-900"
        >
          {t('validated', {
            alias: certificate.alias ?? '—',
            cuit: formatCuit(certificate.cuit ?? ''),
            date: format.dateTime(new Date(certificate.notAfter), { dateStyle: 'long' }),
          })}
        </p>
      )}
      <p>{t('intro')}</p>
      {live ? (
        <PointOfSaleGuide regime={registration.regime} id="live-steps" />
      ) : (
        <p className="rounded-md border-l-4 border-sky-700 bg-sky-50 p-4">{t('sandboxBody')}</p>
      )}
      <section aria-labelledby="pos-list" className="space-y-3">
        <h2 id="pos-list" className="text-lg font-semibold">
          {t('listTitle')}
        </h2>
        {!result.ok && (
          <p className="rounded-md border-l-4 border-red-700 bg-red-50 p-4 text-red-900">
            {t('error')} {explainOutcome(result.outcome, locale)}
          </p>
        )}
        {result.ok && result.list.length > 0 && <PointsTable list={result.list} />}
        {result.ok && result.list.length === 0 && (
          <p className="rounded-md border-l-4 border-amber-600 bg-amber-50 p-4 text-amber-950">
            {t(live ? 'noneLive' : 'noneSandbox')}
          </p>
        )}
        {/* The query string keeps this answer out of the page cache: it always asks ARCA again. */}
        <Link
          href={`/reg/${ref}/points-of-sale?refresh=1`}
          className="inline-block font-medium text-brand-800 underline"
        >
          {t('refresh')}
        </Link>
      </section>
      {finish === 'no-certificate' && (
        <div
          role="alert"
          className="rounded-md border-l-4 border-red-700 bg-red-50 p-4 text-red-900"
        >
          <p>{t('finishRefused')}</p>
          <Link href={`/reg/${ref}/upload`} className="mt-2 inline-block font-semibold underline">
            {t('finishRefusedLink')}
          </Link>
        </div>
      )}
      <StepForm
        action={finishRegistration.bind(null, ref, locale)}
        label={t('finish')}
        pendingLabel={t('finishing')}
      />
    </div>
  );
}
