import { Money, toCents } from '@/lib/invoice-model';
import type { InvoiceDetail } from '@/lib/invoices';
import { formatVoucherAmount, formatVoucherRate } from './voucher-format';
import type { VoucherTranslator } from './voucher-translator';
import type { Field } from './voucher-layout-types';

type Read = NonNullable<InvoiceDetail['read']>;

// ARCA's tributos that are national indirect taxes (1 impuestos nacionales, 4 impuestos internos):
// what RG 5614 has a Factura B to a final consumer state besides the IVA it contains.
const NATIONAL_INDIRECT = new Set([1, 4]);
const nonZero = (amount: string) => !new Money(amount).isZero();

/**
 * The totals each class prints: class A the net taxed amount and IVA per rate (RG 1415); classes B
 * and C a subtotal with IVA inside (C has none: a monotributista charges no IVA), then other taxes
 * and the total. A Factura B to a final consumer adds the Ley 27.743 transparency box (RG 5614/2024).
 */
export function voucherTotals(
  read: Read,
  voucherClass: string | null,
  finalConsumer: boolean,
  currency: string,
  locale: 'es' | 'en',
  t: VoucherTranslator,
) {
  const c = read.calculation;
  const money = (amount: string) => formatVoucherAmount(locale, amount, currency);
  const field = (label: string, amount: string): Field => ({ label, value: money(amount) });
  const fields: Field[] = [];
  const otherTaxes = c.charges.length ? [field(t('totals.otherTaxes'), c.chargesTotal)] : [];
  const discounts = c.discounts.length ? [field(t('totals.discounts'), c.discountsTotal)] : [];
  if (voucherClass === 'A' || voucherClass === 'T') {
    fields.push(field(t('totals.taxed'), c.taxed));
    for (const v of c.vat)
      fields.push(field(t('totals.vat', { rate: formatVoucherRate(locale, v.percent) }), v.amount));
    if (nonZero(c.exempt)) fields.push(field(t('totals.exempt'), c.exempt));
    if (nonZero(c.notTaxed)) fields.push(field(t('totals.notTaxed'), c.notTaxed));
    fields.push(...discounts, ...otherTaxes);
  } else {
    fields.push(field(t('totals.subtotal'), toCents(new Money(c.total).minus(c.chargesTotal))));
    fields.push(...otherTaxes);
  }
  const transparency =
    voucherClass === 'B' && finalConsumer
      ? {
          title: t('transparency.title'),
          fields: [
            field(t('transparency.vat'), c.vatTotal),
            ...nationalIndirect(read).map((amount) => field(t('transparency.otherTaxes'), amount)),
          ],
        }
      : null;
  return {
    title: t('totals.title'),
    fields,
    total: field(t('totals.total'), c.total),
    transparency,
  };
}

/** The sum of national indirect taxes among the document's tax charges, when there are any. */
function nationalIndirect(read: Read): string[] {
  const taxes = read.calculation.charges.filter(
    (ch) => ch.taxType !== undefined && NATIONAL_INDIRECT.has(ch.taxType),
  );
  if (!taxes.length) return [];
  return [toCents(taxes.reduce((sum, ch) => sum.plus(ch.amount), new Money(0)))];
}
