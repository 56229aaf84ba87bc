import { decimalsOf, fraction, Money, toCents } from './decimal';
import type { InvoiceCalculation } from './calculate-invoice';
import { dropUndefined, isObject } from './json';

type Json = Record<string, unknown>;

/** GOBL writes a percentage with the precision of its rate value: "21.0%", "10.5%", "0%". */
const goblPercent = (percent: string) =>
  new Money(percent).isZero()
    ? '0%'
    : `${new Money(percent).toFixed(Math.max(1, decimalsOf(percent)))}%`;

/**
 * The invoice as GOBL stores it once calculated, from the normalised document: each line numbered
 * (`i`) with its `sum`, its discounts' amounts and `total`; document charges and discounts numbered
 * with their amounts; each due date's amount from its percent of the payable; and `totals` (sum,
 * discount, charge, total, VAT by rate, tax, total with tax, payable) from our own calculation,
 * never the client's. With the addon each VAT rate total carries its `ar-arca-vat-rate`.
 */
export function calculatedDocument(
  doc: Json,
  calculation: InvoiceCalculation,
  { addon }: { addon: boolean },
): Json {
  const lines = (doc.lines as Json[]).map((line, i) => {
    const { written } = calculation.lines[i]!;
    const discounts = Array.isArray(line.discounts)
      ? (line.discounts as Json[]).map((d, j) => ({ ...d, amount: written.discounts[j] }))
      : undefined;
    return dropUndefined({
      ...line,
      i: i + 1,
      item: { ...(line.item as Json), price: written.price },
      sum: written.sum,
      discounts,
      total: written.total,
    });
  });
  const numbered = (list: unknown, amounts: { amount: string }[]) =>
    Array.isArray(list)
      ? (list as Json[]).map((c, i) => ({ ...c, i: i + 1, amount: amounts[i]!.amount }))
      : undefined;

  const { gobl } = calculation;
  const rates: Json[] = gobl.rates.map((rate) => ({
    key: rate.key,
    // With the addon every rate carries the combo's extensions; GOBL groups the rates by them.
    ...(addon && rate.ext ? { ext: rate.ext } : {}),
    base: rate.base,
    ...(rate.percent !== undefined ? { percent: goblPercent(rate.percent) } : {}),
    amount: rate.amount,
  }));
  const charged = calculation.charges.length > 0;
  const discounted = calculation.discounts.length > 0;
  const totals: Json = {
    sum: calculation.sum,
    ...(discounted ? { discount: gobl.discount } : {}),
    ...(charged ? { charge: gobl.charge } : {}),
    ...(gobl.taxIncluded !== undefined ? { tax_included: gobl.taxIncluded } : {}),
    total: gobl.total,
    ...(rates.length > 0
      ? {
          taxes: {
            categories: [{ code: 'VAT', rates, amount: gobl.tax }],
            sum: gobl.tax,
          },
        }
      : {}),
    tax: gobl.tax,
    // GOBL's identity: total + tax, rounded once. (ARCA's ImpTotal adds the rounded parts, so the
    // two can differ by a cent with prices finer than a cent or that include IVA.)
    total_with_tax: gobl.totalWithTax,
    payable: gobl.totalWithTax,
  };
  return dropUndefined({
    ...doc,
    lines,
    discounts: numbered(doc.discounts, calculation.discounts),
    charges: numbered(doc.charges, calculation.charges),
    payment: withDueAmounts(doc.payment, gobl.totalWithTax),
    totals,
  });
}

/** Each due date given as a percent gets its amount: that percent of the payable, to the cent. */
function withDueAmounts(payment: unknown, payable: string): unknown {
  if (!isObject(payment) || !isObject(payment.terms) || !Array.isArray(payment.terms.due_dates))
    return payment;
  const dueDates = (payment.terms.due_dates as Json[]).map((due) =>
    typeof due.percent === 'string' && !fraction(due.percent).isZero()
      ? { ...due, amount: toCents(new Money(payable).times(fraction(due.percent))) }
      : due,
  );
  return { ...payment, terms: { ...payment.terms, due_dates: dueDates } };
}
