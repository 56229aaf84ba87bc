import { fraction, Money, toCents, type CalculatedLine } from '@/lib/invoice-model';
import type { InvoiceDetail } from '@/lib/invoices';
import { formatVoucherAmount, formatVoucherNumber, formatVoucherRate } from './voucher-format';
import type { VoucherTranslator } from './voucher-translator';
import type { VoucherColumn } from './voucher-layout-types';

type Read = NonNullable<InvoiceDetail['read']>;
type Column = VoucherColumn & { cell: (i: number) => string };

/** 1 + the line's IVA rate (1 for a line without IVA). */
const vatFactor = (line: CalculatedLine) =>
  new Money(1).plus(line.vat.kind === 'taxed' ? fraction(line.vat.percent) : 0);

/** An amount of the line with its IVA: as written when its price includes it, else with it added. */
const withVat = (amount: string, line: CalculatedLine) =>
  line.vatIncluded ? amount : toCents(new Money(amount).times(vatFactor(line)));

/** An amount of the line without its IVA: as written, or taken out when its price includes it. */
const withoutVat = (amount: string, line: CalculatedLine) =>
  line.vatIncluded ? toCents(new Money(amount).div(vatFactor(line))) : amount;

/**
 * The voucher's lines as RG 1415 has each class print them: class A the unit price net of IVA and
 * each line's rate (prices given with IVA, `tax.prices_include`, have it taken out); class B the
 * price with IVA included (the buyer cannot compute IVA); class C (monotributo) the price as it is,
 * with no IVA at all. Code and unit only when some line has them.
 */
export function voucherLines(
  read: Read,
  voucherClass: string | null,
  currency: string,
  locale: 'es' | 'en',
  t: VoucherTranslator,
): { columns: VoucherColumn[]; rows: string[][] } {
  const { invoice, calculation } = read;
  const money = (amount: string) => formatVoucherAmount(locale, amount, currency);
  const line = (i: number) => invoice.lines[i]!;
  const calc = (i: number) => calculation.lines[i]!;
  const net = voucherClass === 'A' || voucherClass === 'T';
  const vatIncluded = voucherClass === 'B';
  // Class A and T print amounts without IVA, class B with it, class C as written (it has none).
  const shown = (amount: string, i: number) =>
    net ? withoutVat(amount, calc(i)) : vatIncluded ? withVat(amount, calc(i)) : amount;
  const rate = (i: number) => {
    const vat = calc(i).vat;
    if (vat.kind === 'taxed') return formatVoucherRate(locale, vat.percent);
    if (vat.kind === 'exempt') return t('lines.exempt');
    if (vat.kind === 'not-taxed') return t('lines.notTaxed');
    return '—';
  };
  const all: (Column | false)[] = [
    invoice.lines.some((l) => l.item.ref) && {
      label: t('lines.code'),
      align: 'left',
      weight: 1.2,
      cell: (i) => line(i).item.ref ?? '',
    },
    { label: t('lines.item'), align: 'left', weight: 4, cell: (i) => line(i).item.name },
    {
      label: t('lines.quantity'),
      align: 'right',
      weight: 1.1,
      cell: (i) => formatVoucherNumber(locale, line(i).quantity),
    },
    invoice.lines.some((l) => l.item.unit) && {
      label: t('lines.unit'),
      align: 'left',
      weight: 1,
      cell: (i) => line(i).item.unit ?? '',
    },
    {
      label: vatIncluded ? t('lines.priceWithVat') : t('lines.price'),
      align: 'right',
      weight: 1.6,
      cell: (i) => money(shown(line(i).item.price, i)),
    },
    {
      label: t('lines.discount'),
      align: 'right',
      weight: 1.3,
      cell: (i) => (calc(i).discount === '0.00' ? '—' : money(shown(calc(i).discount, i))),
    },
    {
      label: vatIncluded ? t('lines.subtotalWithVat') : t('lines.subtotal'),
      align: 'right',
      weight: 1.6,
      cell: (i) => money(net ? calc(i).net : shown(calc(i).total, i)),
    },
    net && { label: t('lines.vatRate'), align: 'right', weight: 1, cell: rate },
    net && {
      label: t('lines.subtotalWithVat'),
      align: 'right',
      weight: 1.6,
      cell: (i) => money(withVat(calc(i).total, calc(i))),
    },
  ];
  const columns = all.filter((c): c is Column => !!c);
  return {
    columns: columns.map(({ label, align, weight }) => ({ label, align, weight })),
    rows: invoice.lines.map((_, i) => columns.map((c) => c.cell(i))),
  };
}
