import { Money, toCents } from './decimal';
import type { InvoiceCalculation } from './calculate-invoice';
import type { GoblInvoice } from './invoice-schema';

type Json = Record<string, unknown>;

/** GOBL writes its Argentine rates with one decimal at least ("21.0%", "10.5%"). */
const goblPercent = (percent: string) =>
  `${new Money(percent).toFixed(Math.max(1, decimalsOf(percent)))}%`;
const decimalsOf = (text: string) => text.split('.')[1]?.length ?? 0;

/**
 * The invoice as GOBL stores it once calculated: each line numbered (`i`) with its `sum` and
 * `total`, and the document's `totals` (sum, tax charges, VAT by rate, tax, total with tax,
 * payable) from our own calculation, never the client's.
 */
export function calculatedDocument(invoice: GoblInvoice, calculation: InvoiceCalculation): Json {
  const lines = invoice.lines.map((line, i) => ({
    ...line,
    i: i + 1,
    sum: calculation.lines[i]!.sum,
    total: calculation.lines[i]!.total,
  }));
  const zero = '0.00';
  const rates: Json[] = calculation.vat.map((v) => ({
    key: v.rateId === 3 ? 'zero' : 'standard',
    ext: { 'ar-arca-vat-rate': String(v.rateId) },
    base: v.base,
    percent: goblPercent(v.percent),
    amount: v.amount,
  }));
  if (new Money(calculation.exempt).gt(0))
    rates.push({ key: 'exempt', base: calculation.exempt, amount: zero });
  if (new Money(calculation.notTaxed).gt(0))
    rates.push({ key: 'outside-scope', base: calculation.notTaxed, amount: zero });
  const charged = calculation.charges.length > 0;
  const total = toCents(new Money(calculation.sum).plus(calculation.chargesTotal));
  const totals: Json = {
    sum: calculation.sum,
    ...(charged ? { charge: calculation.chargesTotal } : {}),
    total,
    ...(rates.length > 0
      ? {
          taxes: {
            categories: [{ code: 'VAT', rates, amount: calculation.vatTotal }],
            sum: calculation.vatTotal,
          },
          tax: calculation.vatTotal,
        }
      : {}),
    total_with_tax: calculation.total,
    payable: calculation.total,
  };
  return { ...invoice, lines, totals };
}
