import { fraction, Money, toCents } from './decimal';
import { resolveLineVat, type LineVat } from './resolve-line-vat';
import type { GoblInvoice } from './invoice-schema';
import type { InvoiceProblem, InvoiceResult } from './invoice-problem';

export interface CalculatedLine {
  /** quantity × price */
  sum: string;
  discount: string;
  /** sum − discount */
  total: string;
  vat: LineVat;
}

export interface VatSubtotal {
  rateId: number;
  percent: string;
  base: string;
  amount: string;
}

/** A document-level charge or discount: its amount from its percent of its base (or as given). */
export interface CalculatedCharge {
  /** `ext["ar-arca-tax-type"]` of a tax charge (a WSFE Tributo). */
  taxType?: number;
  reason?: string;
  /** Without the % sign; undefined for a fixed amount. */
  percent?: string;
  base: string;
  amount: string;
}

/** Every amount as a decimal string with two decimals. */
export interface InvoiceCalculation {
  lines: CalculatedLine[];
  /** One per IVA rate, in the order the rates first appear in the lines. */
  vat: VatSubtotal[];
  /** Σ line totals. */
  sum: string;
  /** Σ bases of the IVA rates (ImpNeto for classes A and B). */
  taxed: string;
  exempt: string;
  notTaxed: string;
  /** Lines with no VAT combo (class C lines carry none). */
  withoutVat: string;
  vatTotal: string;
  charges: CalculatedCharge[];
  chargesTotal: string;
  discounts: CalculatedCharge[];
  discountsTotal: string;
  total: string;
}

/**
 * Calculates an invoice as GOBL does with its default ("precise") rounding: line sums, discounts
 * and each rate's base are kept exact; each rate's IVA is the exact base times the rate; only then
 * is each subtotal rounded half-up to cents. The total is the sum of the rounded subtotals, so that
 * it equals ImpNeto + ImpIVA + ImpOpEx + ImpTotConc + ImpTrib to the cent, as ARCA checks.
 */
export function calculateInvoice(
  invoice: Pick<GoblInvoice, 'lines' | 'charges' | 'discounts'>,
): InvoiceResult<InvoiceCalculation> {
  const problems: InvoiceProblem[] = [];
  const lines: CalculatedLine[] = [];
  const rates = new Map<number, { percent: string; base: Money }>();
  let sum = new Money(0);
  let exempt = new Money(0);
  let notTaxed = new Money(0);
  let withoutVat = new Money(0);

  invoice.lines.forEach((line, i) => {
    const lineSum = new Money(line.quantity).times(line.item.price);
    const discount = (line.discounts ?? []).reduce((acc, d, j) => {
      if (d.percent === undefined && d.amount === undefined)
        problems.push({ path: `lines[${i}].discounts[${j}].percent`, code: 'required' });
      return acc.plus(
        d.percent !== undefined ? lineSum.times(fraction(d.percent)) : new Money(d.amount ?? 0),
      );
    }, new Money(0));
    const total = lineSum.minus(discount);
    if (total.isNegative()) problems.push({ path: `lines[${i}].discounts`, code: 'negative' });
    const vat = resolveLineVat(line, i);
    if (!vat.ok) {
      problems.push(...vat.problems);
      return;
    }
    sum = sum.plus(total);
    if (vat.value.kind === 'taxed') {
      const rate = rates.get(vat.value.rateId) ?? {
        percent: vat.value.percent,
        base: new Money(0),
      };
      rates.set(vat.value.rateId, { percent: rate.percent, base: rate.base.plus(total) });
    } else if (vat.value.kind === 'exempt') exempt = exempt.plus(total);
    else if (vat.value.kind === 'not-taxed') notTaxed = notTaxed.plus(total);
    else withoutVat = withoutVat.plus(total);
    lines.push({
      sum: toCents(lineSum),
      discount: toCents(discount),
      total: toCents(total),
      vat: vat.value,
    });
  });

  const vat = [...rates].map(([rateId, { percent, base }]) => ({
    rateId,
    percent,
    base: toCents(base),
    amount: toCents(base.times(fraction(percent))),
  }));
  const documentLevel = (list: NonNullable<GoblInvoice['charges']>, field: string) =>
    list.map((charge, j): CalculatedCharge => {
      const base = charge.base !== undefined ? new Money(charge.base) : sum;
      if (charge.percent === undefined && charge.amount === undefined)
        problems.push({ path: `${field}[${j}].percent`, code: 'required' });
      const taxType = charge.ext?.['ar-arca-tax-type'];
      return {
        ...(taxType !== undefined ? { taxType: Number(taxType) } : {}),
        ...(charge.reason !== undefined ? { reason: charge.reason } : {}),
        ...(charge.percent !== undefined
          ? { percent: charge.percent.trim().replace(/%$/, '') }
          : {}),
        base: toCents(base),
        amount: toCents(
          charge.percent !== undefined
            ? base.times(fraction(charge.percent))
            : new Money(charge.amount ?? 0),
        ),
      };
    });
  const charges = documentLevel(invoice.charges ?? [], 'charges');
  const discounts = documentLevel(invoice.discounts ?? [], 'discounts');
  if (problems.length > 0) return { ok: false, problems };

  const add = (values: string[]) => values.reduce((acc, v) => acc.plus(v), new Money(0));
  const taxed = add(vat.map((v) => v.base));
  const vatTotal = add(vat.map((v) => v.amount));
  const chargesTotal = add(charges.map((c) => c.amount));
  const discountsTotal = add(discounts.map((d) => d.amount));
  const parts = [taxed, vatTotal, chargesTotal, discountsTotal.negated()]
    .map(toCents)
    .concat([exempt, notTaxed, withoutVat].map(toCents));
  return {
    ok: true,
    value: {
      lines,
      vat,
      sum: toCents(sum),
      taxed: toCents(taxed),
      exempt: toCents(exempt),
      notTaxed: toCents(notTaxed),
      withoutVat: toCents(withoutVat),
      vatTotal: toCents(vatTotal),
      charges,
      chargesTotal: toCents(chargesTotal),
      discounts,
      discountsTotal: toCents(discountsTotal),
      total: toCents(add(parts)),
    },
  };
}
