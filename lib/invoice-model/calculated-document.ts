import { fraction, Money, toCents } from './decimal';
import type { InvoiceCalculation } from './calculate-invoice';
import { dropUndefined, isObject } from './json';

type Json = Record<string, unknown>;

/** GOBL writes a percentage with the precision of its rate value: "21.0%", "10.5%", "0%". */
const goblPercent = (percent: string) =>
  new Money(percent).isZero()
    ? '0%'
    : `${new Money(percent).toFixed(Math.max(1, decimalsOf(percent)))}%`;
const decimalsOf = (text: string) => text.split('.')[1]?.length ?? 0;

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
    const calculated = calculation.lines[i]!;
    const discounts = Array.isArray(line.discounts)
      ? (line.discounts as Json[]).map((d) => ({
          ...d,
          amount:
            typeof d.percent === 'string'
              ? toCents(new Money(calculated.sum).times(fraction(d.percent)))
              : d.amount,
        }))
      : undefined;
    return dropUndefined({
      ...line,
      i: i + 1,
      sum: calculated.sum,
      discounts,
      total: calculated.total,
    });
  });
  const numbered = (list: unknown, amounts: { amount: string }[]) =>
    Array.isArray(list)
      ? (list as Json[]).map((c, i) => ({ ...c, i: i + 1, amount: amounts[i]!.amount }))
      : undefined;

  const zero = '0.00';
  const rates: Json[] = calculation.vat.map((v) => ({
    key: v.rateId === 3 ? 'zero' : 'standard',
    ...(addon ? { ext: { 'ar-arca-vat-rate': String(v.rateId) } } : {}),
    base: v.base,
    percent: goblPercent(v.percent),
    amount: v.amount,
  }));
  if (new Money(calculation.exempt).gt(0))
    rates.push({ key: 'exempt', base: calculation.exempt, amount: zero });
  if (new Money(calculation.notTaxed).gt(0))
    rates.push({ key: 'outside-scope', base: calculation.notTaxed, amount: zero });
  const charged = calculation.charges.length > 0;
  const discounted = calculation.discounts.length > 0;
  const total = toCents(
    new Money(calculation.sum).plus(calculation.chargesTotal).minus(calculation.discountsTotal),
  );
  const withTax = toCents(new Money(total).plus(calculation.vatTotal));
  const totals: Json = {
    sum: calculation.sum,
    ...(discounted ? { discount: calculation.discountsTotal } : {}),
    ...(charged ? { charge: calculation.chargesTotal } : {}),
    total,
    ...(rates.length > 0
      ? {
          taxes: {
            categories: [{ code: 'VAT', rates, amount: calculation.vatTotal }],
            sum: calculation.vatTotal,
          },
        }
      : {}),
    tax: calculation.vatTotal,
    // GOBL's identity: total + tax. (ARCA's ImpTotal adds the rounded parts; with prices finer than
    // a cent the two can differ by one.)
    total_with_tax: withTax,
    payable: withTax,
  };
  return dropUndefined({
    ...doc,
    lines,
    discounts: numbered(doc.discounts, calculation.discounts),
    charges: numbered(doc.charges, calculation.charges),
    payment: withDueAmounts(doc.payment, withTax),
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
