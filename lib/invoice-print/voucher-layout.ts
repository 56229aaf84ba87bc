import { saleTerms, voucherClassOf } from '@/lib/invoice-model';
import type { InvoiceDetail } from '@/lib/invoices';
import { customerFields, supplierFields } from './party-fields';
import { formatVoucherAmount, formatVoucherDate } from './voucher-format';
import { voucherLines } from './voucher-lines';
import { voucherTotals } from './voucher-totals';
import { voucherTranslator } from './voucher-translator';
import type { Field, VoucherLayout } from './voucher-layout-types';

export interface VoucherOptions {
  locale: 'es' | 'en';
  /** Homologación vouchers print «sin validez fiscal». */
  environment: 'sandbox' | 'live';
  /** strftime-like (%d %m %Y %y), English only: Spanish vouchers always print dd/mm/aaaa. */
  dateFormat?: string;
  watermark?: string;
}

const NAME_KEYS = {
  standard: 'standard',
  'debit-note': 'debitNote',
  'credit-note': 'creditNote',
  other: 'usedGoods',
} as const;

/**
 * Every text of the printed voucher (RG 1415 anexo II, RG 4291's QR, RG 5614's transparency box),
 * from the invoice as lib/invoices reads it. Pure: the print view and the PDF draw what it returns.
 * Authorised means ARCA's CAE is stamped on it, whatever state the entry is in now.
 */
export function voucherLayout(invoice: InvoiceDetail, options: VoucherOptions): VoucherLayout {
  const { locale } = options;
  const t = voucherTranslator(locale);
  const date = locale === 'es' ? '%d/%m/%Y' : (options.dateFormat ?? '%d/%m/%Y');
  const day = (value: string | null | undefined) => formatVoucherDate(value ?? null, date);
  const known = invoice.voucherType !== null ? voucherClassOf(invoice.voucherType) : undefined;
  const voucherClass = known && known.voucherClass !== 'used-goods' ? known.voucherClass : null;
  const nameKey = known ? NAME_KEYS[known.invoiceType] : undefined;
  const voucherName = nameKey ? t(`voucherTypes.${nameKey}`) : t('noType');
  const authorised = invoice.cae !== null;
  const pointOfSale = invoice.pointOfSale?.padStart(4, '0') ?? null;
  const numberOnly = invoice.number?.padStart(8, '0') ?? null;
  const number = pointOfSale && numberOnly ? `${pointOfSale}-${numberOnly}` : null;
  const read = invoice.read;
  const { period, dueDate, exchangeRate } = read ? saleTerms(read.invoice) : {};
  const terms: Field[] = [];
  if (period)
    terms.push({
      label: t('servicePeriod'),
      value: t('periodValue', { start: day(period.start), end: day(period.end) }),
    });
  if (dueDate) terms.push({ label: t('dueDate'), value: day(dueDate) });
  if (invoice.currency !== 'ARS') {
    terms.push({ label: t('currency'), value: invoice.currency });
    if (exchangeRate)
      terms.push({
        label: t('exchangeRate'),
        value: formatVoucherAmount(locale, exchangeRate.amount, 'ARS'),
      });
  }
  const totals = read
    ? voucherTotals(
        read,
        voucherClass,
        invoice.customerVatStatus === '5',
        invoice.currency,
        locale,
        t,
      )
    : null;
  const fullName = voucherClass ? `${voucherName} ${voucherClass}` : voucherName;
  const fileKind = nameKey ? t(`fileKinds.${nameKey}`) : 'comprobante';
  const logo = read?.invoice.supplier.logos as { data?: string; mime?: string }[] | undefined;
  return {
    locale,
    original: t('original'),
    sandbox:
      options.environment === 'sandbox' ? { title: t('sandbox'), lead: t('sandboxLead') } : null,
    notAuthorised: authorised ? null : { title: t('notAuthorised'), lead: t('notAuthorisedLead') },
    watermark: options.watermark ?? null,
    letter: voucherClass,
    code:
      invoice.voucherType !== null
        ? t('code', { code: String(invoice.voucherType).padStart(3, '0') })
        : t('noType'),
    voucherName,
    number,
    heading: [
      { label: t('pointOfSale'), value: pointOfSale ?? '—' },
      { label: t('number'), value: numberOnly ?? t('unnumbered') },
      { label: t('issueDate'), value: day(invoice.issueDate) },
    ],
    supplier: {
      title: t('supplier'),
      name: invoice.supplier.name ?? '—',
      ...supplierFields(invoice, t, date),
    },
    logo:
      logo?.[0]?.data && /^image\/(png|jpeg)$/.test(logo[0].mime ?? '')
        ? { data: logo[0].data, mime: logo[0].mime! }
        : null,
    customer: { title: t('customer'), fields: customerFields(invoice, t) },
    terms: { title: t('terms'), fields: terms },
    lines: {
      title: t('lines.title'),
      ...(read
        ? voucherLines(read, voucherClass, invoice.currency, locale, t)
        : { columns: [], rows: [] }),
    },
    totals: totals
      ? { title: totals.title, fields: totals.fields, total: totals.total }
      : { title: t('totals.title'), fields: [], total: { label: t('totals.total'), value: '—' } },
    transparency: totals?.transparency ?? null,
    authorisation: authorised
      ? {
          title: t('authorised'),
          fields: [
            { label: t('cae'), value: invoice.cae! },
            { label: t('caeExpiry'), value: day(invoice.caeExpiry) },
          ],
          qrUrl: invoice.qr,
          qrLabel: t('qr'),
        }
      : null,
    pageLabel: t('page', { page: '{page}', pages: '{pages}' }),
    continued: t('continued'),
    continuation: t('continuation', { name: fullName, number: number ?? t('unnumbered') }),
    fileName: `${fileKind}-${voucherClass ?? 'X'}-${number ?? invoice.id}.pdf`,
    title: number ? `${fullName} ${number}` : fullName,
    issueDate: invoice.issueDate,
  };
}
