import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import { ClientMessages } from '@/components/ui/client-messages';
import { PointOfSaleGuide } from '@/components/wizard/point-of-sale-guide';
import { getDb } from '@/lib/db';
import { redirect, localeParams } from '@/lib/i18n';
import { testInvoiceOf } from '@/lib/invoices';
import type { RegistrationView } from '@/lib/registration';
import { loadRegistration } from '../load';
import { checkReadiness } from './readiness-actions';
import { TestInvoicePanel } from './test-invoice-panel';
import { ReadinessCheck } from './readiness-check';

type Props = {
  params: Promise<{ locale: string; ref: string }>;
  searchParams: Promise<{ 'test-invoice'?: string; busy?: string }>;
};

export default async function DoneStep({ params, searchParams }: Props) {
  const { locale, ref } = await localeParams(params);
  const query = await searchParams;
  setRequestLocale(locale);
  const registration = await loadRegistration(ref);
  if (!registration.authorizedAt || registration.renewal)
    redirect({ href: `/reg/${ref}/${registration.step}`, locale });
  const t = await getTranslations('wizard.done');
  const tRenewal = await getTranslations('wizard.renewal');
  const format = await getFormatter();
  const notAfter = registration.credentials?.certificate?.notAfter;
  // Homologación invoices have no fiscal value: the page says so instead of "you can invoice".
  const live = registration.environment === 'live';
  const env = live ? 'Live' : 'Sandbox';
  return (
    <section aria-labelledby="done-title" className="space-y-6">
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex h-12 w-12 items-center justify-center rounded-full bg-emerald-700 text-2xl text-white"
        >
          ✓
        </span>
        <h1 id="done-title" className="text-2xl font-bold sm:text-3xl">
          {t(`title${env}`)}
        </h1>
      </div>
      <p className="text-lg">{t(`body${env}`)}</p>
      {registration.renewedAt && (
        <div id="renewed" className="rounded-md border-l-4 border-emerald-700 bg-emerald-50 p-4">
          <h2 className="font-semibold text-emerald-900">{tRenewal('doneTitle')}</h2>
          <p className="mt-1">{tRenewal('doneBody')}</p>
        </div>
      )}
      {notAfter && (
        <p className="font-semibold">
          {t('expires', { date: format.dateTime(new Date(notAfter), { dateStyle: 'long' }) })}
        </p>
      )}
      {live && (
        <ClientMessages namespaces={['wizard.readiness']}>
          <ReadinessCheck
            action={checkReadiness.bind(null, ref, locale)}
            guide={
              <PointOfSaleGuide regime={registration.regime} id="readiness-guide" heading="h3" />
            }
          />
        </ClientMessages>
      )}
      {!live && (
        <TestInvoicePanel
          linkRef={ref}
          locale={locale}
          regime={registration.regime}
          shown={await shownTestInvoice(registration, query)}
        />
      )}
      <div className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 className="font-semibold">{t('renewTitle')}</h2>
        <p className="mt-1">{t('renewBody')}</p>
      </div>
      <p className="text-slate-700">{t('close')}</p>
    </section>
  );
}

/** The test invoice named in the URL (`?test-invoice=<form token>`), read from its entry. */
async function shownTestInvoice(
  registration: RegistrationView,
  query: Awaited<Props['searchParams']>,
) {
  const attempt = query['test-invoice'];
  if (typeof attempt !== 'string') return undefined;
  return {
    attempt,
    invoice: await testInvoiceOf(await getDb(), registration, attempt),
    busy: query.busy === '1',
  };
}
