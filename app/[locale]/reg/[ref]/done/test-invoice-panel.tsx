import { randomBytes } from 'node:crypto';
import { getFormatter, getTranslations } from 'next-intl/server';
import { SubmitButton } from '@/components/wizard/submit-button';
import { getPathname, Link, type Locale } from '@/lib/i18n';
import { isArcaInvoiceCode } from '@/lib/invoice-model';
import type { TestInvoice } from '@/lib/invoices';
import { isInvoiceVoucherType, type Regime } from '@/lib/registration';
import { issueTestInvoiceAction } from './test-invoice-actions';

interface Props {
  /** The registration link's ref (`ref` is React's own prop). */
  linkRef: string;
  locale: Locale;
  regime: Regime | null;
  /** The form token of the test invoice asked for in the URL, with what it issued (undefined: none). */
  shown?: { attempt: string; invoice: TestInvoice | undefined; busy: boolean };
}

/** Sandbox only: issue a test invoice in homologación, and the one just issued. */
export async function TestInvoicePanel({ linkRef, locale, regime, shown }: Props) {
  const t = await getTranslations('wizard');
  const format = await getFormatter();
  const invoice = shown?.invoice;
  const processing = invoice?.state === 'processing';
  // A fresh token per rendering: the form sent twice issues one invoice, the next form another.
  const attempt = randomBytes(16).toString('base64url');
  const typeName = (type: number | null) =>
    isInvoiceVoucherType(type) ? t(`voucherTypes.${type}`) : null;
  const explain = await getTranslations('invoicing.arcaCodes');
  // ARCA's own text where we have no plainer words for its code.
  const arcaMessage = (error: { code: string; message: string }) =>
    isArcaInvoiceCode(error.code) ? explain(error.code) : `${error.code}: ${error.message}`;
  return (
    <section
      aria-labelledby="test-invoice-title"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="test-invoice-title" className="text-lg font-semibold">
        {t('testInvoice.title')}
      </h2>
      <p>
        {regime === 'responsable_inscripto'
          ? t('testInvoice.introRi')
          : t('testInvoice.intro', { type: t('voucherTypes.11') })}
      </p>
      {shown && (
        <div role="status" data-testid="test-invoice-result">
          {shown.busy ? (
            <p className="rounded-md border-l-4 border-red-700 bg-red-50 p-4 text-red-900">
              {t('rateLimited')}
            </p>
          ) : !invoice ? (
            <p className="rounded-md border-l-4 border-amber-600 bg-amber-50 p-4 text-amber-950">
              {t('testInvoice.notFound')}
            </p>
          ) : invoice.state === 'sent' ? (
            <div className="rounded-md border-l-4 border-emerald-700 bg-emerald-50 p-4 text-emerald-950">
              <p className="font-semibold">{t('testInvoice.approved')}</p>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
                <dt>{t('testInvoice.type')}</dt>
                <dd>{typeName(invoice.voucherType) ?? '—'}</dd>
                <dt>{t('testInvoice.number')}</dt>
                <dd className="whitespace-nowrap font-mono">{invoice.number}</dd>
                <dt>{t('testInvoice.cae')}</dt>
                <dd className="break-all font-mono">{invoice.cae}</dd>
                <dt>{t('testInvoice.caeExpiry')}</dt>
                <dd>
                  {invoice.caeExpiry &&
                    format.dateTime(new Date(`${invoice.caeExpiry}T00:00:00Z`), {
                      dateStyle: 'long',
                      timeZone: 'UTC',
                    })}
                </dd>
              </dl>
              {invoice.hasPdf && (
                // A plain link: the route answers a file, not a page to prefetch.
                <a
                  href={getPathname({
                    href: `/reg/${linkRef}/test-invoice/${shown.attempt}`,
                    locale,
                  })}
                  download
                  className="mt-3 inline-block font-medium text-brand-800 underline"
                  data-testid="test-invoice-pdf"
                >
                  {t('testInvoice.pdf')}
                </a>
              )}
            </div>
          ) : invoice.state === 'error' ? (
            <div className="rounded-md border-l-4 border-red-700 bg-red-50 p-4 text-red-900">
              {invoice.errors.length > 0 ? (
                <>
                  <p className="font-semibold">{t('testInvoice.rejected')}</p>
                  <ul className="mt-2 list-disc space-y-1 pl-5">
                    {invoice.errors.map((error) => (
                      <li key={error.code}>{arcaMessage(error)}</li>
                    ))}
                  </ul>
                </>
              ) : (
                <p>{t('testInvoice.failedUnknown')}</p>
              )}
            </div>
          ) : (
            <div className="rounded-md border-l-4 border-sky-700 bg-sky-50 p-4 text-sky-950">
              <p>{t('testInvoice.processing')}</p>
              {/* The query string keeps this page out of the page cache: it reads the invoice again. */}
              <Link
                href={`/reg/${linkRef}/done?test-invoice=${shown.attempt}`}
                className="mt-2 inline-block font-medium text-brand-800 underline"
              >
                {t('testInvoice.refresh')}
              </Link>
            </div>
          )}
        </div>
      )}
      {!processing && (
        <form action={issueTestInvoiceAction.bind(null, linkRef, locale)}>
          <input type="hidden" name="attempt" value={attempt} />
          <SubmitButton
            label={t(
              invoice?.state === 'error'
                ? 'testInvoice.retry'
                : invoice
                  ? 'testInvoice.issueAnother'
                  : 'testInvoice.issue',
            )}
            pendingLabel={t('testInvoice.issuing')}
            variant={invoice?.state === 'sent' ? 'secondary' : 'primary'}
          />
        </form>
      )}
    </section>
  );
}
