import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { formatCuit } from '@/lib/arca';
import { getDb } from '@/lib/db';
import { Link, localeParams } from '@/lib/i18n';
import { getInvoice } from '@/lib/invoices';
import { isVatStatus, saleTerms } from '@/lib/invoicing';
import { CustomerDocumentText } from '@/components/console/customer-document-text';
import { formatDay, formatMoney } from '@/components/console/invoice-format';
import { isUuid } from '@/components/console/is-uuid';
import { linkClass } from '@/components/console/ui';
import { voucherTypeName } from '@/components/console/voucher-type-label';
import { requireOperator } from '../../../../session';
import { PrintLines } from './print-lines';
import { arcaQrSvg } from './arca-qr-svg';
import { PrintButton } from './print-button';

type Props = { params: Promise<{ locale: string; id: string }> };

export async function generateMetadata() {
  return { title: (await getTranslations('console.invoicePrint'))('title') };
}

/** The invoice as Argentine printed vouchers look: the letter box with its code, the parties, lines, IVA, totals, CAE and QR. */
export default async function InvoicePrintPage({ params }: Props) {
  const { locale, id } = await localeParams(params);
  setRequestLocale(locale);
  const operator = await requireOperator();
  const invoice = isUuid(id)
    ? await getInvoice(await getDb(), operator.workspaceId, id)
    : undefined;
  if (!invoice) notFound();
  const t = await getTranslations('console.invoicePrint');
  const tList = await getTranslations('console.invoices');
  const tInvoice = await getTranslations('console.invoice');
  const name = voucherTypeName(invoice.voucherType);
  const authorised = invoice.state === 'sent' && invoice.cae !== null;
  const qr = authorised && invoice.qr ? await arcaQrSvg(invoice.qr) : null;
  const day = (value: string | null) => (value ? formatDay(locale, value) : '—');
  const row = 'flex flex-wrap gap-x-2';
  const vatCondition = (status: string | null) =>
    isVatStatus(status) ? t(`vatConditions.${status}`) : '—';
  const {
    period,
    dueDate,
    exchangeRate: rate,
  } = invoice.read ? saleTerms(invoice.read.invoice) : {};
  const foreign = invoice.currency !== 'ARS';
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
        <Link href={`/console/invoices/${invoice.id}`} className={linkClass}>
          {t('back')}
        </Link>
        <PrintButton />
      </div>
      <article
        className="space-y-4 border border-slate-900 bg-white p-4 text-sm text-slate-950 print:border-0 print:p-0 print:text-xs"
        data-testid="printable-invoice"
      >
        <h1 className="border-b border-slate-900 pb-2 text-center text-lg font-bold tracking-widest">
          {t('original')}
        </h1>
        {!authorised ? (
          <p
            role="status"
            className="border-2 border-red-800 p-3 text-center font-bold uppercase text-red-900"
            data-testid="not-authorised"
          >
            {t('notAuthorised')}
            <span className="mt-1 block text-xs font-normal normal-case">
              {t('notAuthorisedLead')}
            </span>
          </p>
        ) : null}
        <header className="grid grid-cols-[1fr_auto_1fr] gap-3 border-b border-slate-900 pb-3">
          <div className="min-w-0 space-y-1">
            <p className="text-base font-bold">{invoice.supplier.name ?? '—'}</p>
            <p className={row}>
              <span className="font-semibold">{t('cuit')}</span>
              {invoice.supplier.cuit ? formatCuit(invoice.supplier.cuit) : '—'}
            </p>
            <p className={row}>
              <span className="font-semibold">{t('vatCondition')}</span>
              {vatCondition(invoice.supplier.vatStatus)}
            </p>
          </div>
          <div
            className="flex h-20 w-20 flex-col items-center justify-center border-2 border-slate-900"
            data-testid="voucher-letter"
          >
            <span className="text-4xl font-bold leading-none">{name?.voucherClass ?? '?'}</span>
            <span className="mt-1 text-[10px] font-semibold">
              {invoice.voucherType !== null
                ? t('code', { code: String(invoice.voucherType).padStart(3, '0') })
                : t('noType')}
            </span>
          </div>
          <div className="min-w-0 space-y-1">
            <p className="text-base font-bold uppercase">
              {name ? tList(`voucherTypes.${name.key}`, { class: name.voucherClass }) : t('noType')}
            </p>
            <p className={row}>
              <span className="font-semibold">{t('pointOfSale')}</span>
              {invoice.pointOfSale ? invoice.pointOfSale.padStart(4, '0') : '—'}
              <span className="font-semibold">{t('number')}</span>
              <span data-testid="print-number">
                {invoice.number ? invoice.number.padStart(8, '0') : tList('unnumbered')}
              </span>
            </p>
            <p className={row}>
              <span className="font-semibold">{t('issueDate')}</span>
              {day(invoice.issueDate)}
            </p>
          </div>
        </header>
        <section aria-label={t('customer')} className="space-y-1 border-b border-slate-900 pb-3">
          <p className={row}>
            <span className="font-semibold">{t('customerName')}</span>
            {invoice.customer?.name ?? tList('finalConsumer')}
          </p>
          {invoice.customer?.document ? (
            <p className={row}>
              <span className="font-semibold">{t('document')}</span>
              <CustomerDocumentText document={invoice.customer.document} />
            </p>
          ) : null}
          <p className={row}>
            <span className="font-semibold">{t('vatCondition')}</span>
            {vatCondition(invoice.customerVatStatus)}
          </p>
        </section>
        {period || dueDate || foreign ? (
          <section
            aria-label={t('terms')}
            className="space-y-1 border-b border-slate-900 pb-3"
            data-testid="print-terms"
          >
            {period ? (
              <p className={row}>
                <span className="font-semibold">{t('servicePeriod')}</span>
                {tInvoice('periodValue', { start: day(period.start), end: day(period.end) })}
              </p>
            ) : null}
            {dueDate ? (
              <p className={row}>
                <span className="font-semibold">{t('dueDate')}</span>
                {day(dueDate)}
              </p>
            ) : null}
            {foreign ? (
              <p className={row}>
                <span className="font-semibold">{t('currency')}</span>
                {invoice.currency}
                {rate ? (
                  <>
                    <span className="font-semibold">{t('exchangeRate')}</span>
                    {formatMoney(locale, rate.amount, 'ARS')}
                  </>
                ) : null}
              </p>
            ) : null}
          </section>
        ) : null}
        {invoice.read ? (
          <PrintLines read={invoice.read} currency={invoice.currency} locale={locale} />
        ) : null}
        {authorised ? (
          <footer
            className="flex items-center gap-4 border-t border-slate-900 pt-3"
            data-testid="print-cae"
          >
            {qr ? (
              <div
                role="img"
                aria-label={t('qr')}
                className="h-28 w-28 shrink-0 [&>svg]:h-full [&>svg]:w-full"
                data-testid="arca-qr"
                // The SVG is made by the QR library on the server from ARCA's QR URL: no user markup.
                dangerouslySetInnerHTML={{ __html: qr }}
              />
            ) : null}
            <div className="space-y-1">
              <p className="font-bold">{t('authorised')}</p>
              <p className={row}>
                <span className="font-semibold">{t('cae')}</span>
                {invoice.cae}
              </p>
              <p className={row}>
                <span className="font-semibold">{t('caeExpiry')}</span>
                {day(invoice.caeExpiry)}
              </p>
            </div>
          </footer>
        ) : null}
      </article>
    </div>
  );
}
