import { decimalsOf, fraction, Money, roundTo, toCents } from './decimal';
import { resolveLineVat, type LineVat } from './resolve-line-vat';
import type { GoblInvoice } from './invoice-schema';
import type { InvoiceProblem, InvoiceResult } from './invoice-problem';

export interface CalculatedLine {
  /** quantity × price, as the price is written (with its IVA when `vatIncluded`). */
  sum: string;
  discount: string;
  /** sum − discount */
  total: string;
  /** Whether the line's price already includes its IVA (`tax.prices_include: "VAT"`, a taxed line). */
  vatIncluded: boolean;
  /** The line's total without its IVA: the total itself unless the price includes it. */
  net: string;
  vat: LineVat;
  /**
   * The line as GOBL's build writes it: the price with at least the currency's two decimals, the
   * sum, discounts and total at the price's precision ("0.333" × 3 → sum "0.999").
   */
  written: { price: string; sum: string; discounts: string[]; total: string };
}

export interface VatSubtotal {
  rateId: number;
  percent: string;
  base: string;
  amount: string;
}

/** One of GOBL's rate totals (`totals.taxes.categories[0].rates[]`). */
export interface GoblRateTotal {
  key: 'standard' | 'zero' | 'exempt' | 'outside-scope';
  /** The combo's extensions, which GOBL groups rates by too. */
  ext?: Record<string, string>;
  base: string;
  /** Without the % sign; undefined for exempt and outside-scope. */
  percent?: string;
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
  /** One per IVA rate (ARCA's AlicIva), in the order the rates first appear in the lines. */
  vat: VatSubtotal[];
  /** Σ line totals, as the prices are written (with IVA when they include it). */
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
  /** ARCA's ImpTotal: the sum of the rounded parts above. */
  total: string;
  /** GOBL's own totals, the built document's `totals` (they may differ from ARCA's by a cent). */
  gobl: {
    /** Σ document charges (and discounts), each unrounded, rounded once. */
    charge: string;
    discount: string;
    rates: GoblRateTotal[];
    tax: string;
    /** The IVA the prices included (`totals.tax_included`), when they do. */
    taxIncluded?: string;
    total: string;
    totalWithTax: string;
  };
}

/** A running rate total, kept at GOBL's precision until the end. */
interface RateSum {
  percent: string;
  base: Money;
  /** The most decimals any of its lines carries: GOBL multiplies by the rate at that precision. */
  decimals: number;
  /** The combo's extensions (GOBL's rate totals are grouped by them). */
  ext?: Record<string, string>;
}

// GOBL's "precise" rounding (the default; the AR regime sets no other) keeps line amounts to the
// currency's decimals plus two, or to the price's own decimals when it has more.
const CURRENCY_DECIMALS = 2;
const LINE_DECIMALS = CURRENCY_DECIMALS + 2;

/**
 * Calculates an invoice as GOBL's `Calculate()` does with its default "precise" rounding: each line
 * sum (price × quantity) and its discounts at four decimals (or the price's, if more); with
 * `tax.prices_include: "VAT"`, each taxed line's IVA taken out of its total (total ÷ (1 + rate), at
 * the line's precision); each rate's base the sum of its lines and its IVA the base times the rate
 * at that precision; only then is each figure rounded half-up to cents. ARCA's parts (`vat`,
 * `taxed`, `vatTotal`, `total`) are per AlicIva rate and add up to ImpTotal to the cent, as ARCA
 * checks; `gobl` holds GOBL's own totals for the built document.
 */
export function calculateInvoice(
  invoice: Pick<GoblInvoice, 'lines' | 'charges' | 'discounts' | 'tax'>,
): InvoiceResult<InvoiceCalculation> {
  const pricesIncludeVat = invoice.tax?.prices_include === 'VAT';
  const problems: InvoiceProblem[] = [];
  // GOBL's other model ("currency": each line rounded to cents before the sums, included IVA taken
  // out of running sums) gives other totals; we build with the default one only, and say so.
  if (invoice.tax?.rounding !== undefined && invoice.tax.rounding !== 'precise')
    problems.push({ path: 'tax.rounding', code: 'rounding_unsupported' });
  const lines: CalculatedLine[] = [];
  const byRateId = new Map<number, RateSum>();
  const byGoblRate = new Map<string, RateSum>();
  let sum = new Money(0);
  let exempt = new Money(0);
  let notTaxed = new Money(0);
  let withoutVat = new Money(0);
  /** The kinds of line there are: GOBL writes a rate for every kind a line has, even at 0.00. */
  const kinds = new Set<LineVat['kind']>();
  /** The precision of the lines' sum: GOBL's sum takes the finest of its lines. */
  let sumDecimals = LINE_DECIMALS;

  invoice.lines.forEach((line, i) => {
    const decimals = Math.max(decimalsOf(line.item.price), LINE_DECIMALS);
    sumDecimals = Math.max(sumDecimals, decimals);
    const lineSum = roundTo(new Money(line.item.price).times(line.quantity), decimals);
    // A discount's percent of the sum (GOBL takes a 0 % one's amount as given), at its precision.
    const discounts = (line.discounts ?? []).map((d, j) => {
      if (d.percent === undefined && d.amount === undefined)
        problems.push({ path: `lines[${i}].discounts[${j}].percent`, code: 'required' });
      if (d.percent !== undefined && !fraction(d.percent).isZero())
        return { amount: roundTo(lineSum.times(fraction(d.percent)), decimals), decimals };
      const given = d.amount ?? '0';
      return {
        amount: new Money(given),
        decimals: Math.max(decimalsOf(given), CURRENCY_DECIMALS),
      };
    });
    const discount = discounts.reduce(
      (acc, d) => acc.plus(roundTo(d.amount, decimals)),
      new Money(0),
    );
    const total = lineSum.minus(discount);
    if (total.isNegative()) problems.push({ path: `lines[${i}].discounts`, code: 'negative' });
    const vat = resolveLineVat(line, i);
    if (!vat.ok) {
      problems.push(...vat.problems);
      return;
    }
    kinds.add(vat.value.kind);
    sum = sum.plus(total);
    const vatIncluded = pricesIncludeVat && vat.value.kind === 'taxed';
    const net =
      vat.value.kind === 'taxed' && vatIncluded
        ? roundTo(total.div(fraction(vat.value.percent).plus(1)), decimals)
        : total;
    if (vat.value.kind === 'taxed') {
      const { rateId, percent } = vat.value;
      const ext = sortedExt(line.taxes?.[0]?.ext);
      addTo(byRateId, rateId, percent, net, decimals);
      addTo(byGoblRate, `${rateId} ${JSON.stringify(ext ?? {})}`, percent, net, decimals, ext);
    } else if (vat.value.kind === 'exempt') exempt = exempt.plus(total);
    else if (vat.value.kind === 'not-taxed') notTaxed = notTaxed.plus(total);
    else withoutVat = withoutVat.plus(total);
    // GOBL writes the price with at least the currency's decimals, the line's amounts at the price's.
    const shown = Math.max(decimalsOf(line.item.price), CURRENCY_DECIMALS);
    const fixed = (amount: Money, places: number) => roundTo(amount, places).toFixed(places);
    lines.push({
      written: {
        price: new Money(line.item.price).toFixed(shown),
        sum: fixed(lineSum, shown),
        discounts: discounts.map((d) => fixed(d.amount, Math.min(d.decimals, shown))),
        total: fixed(total, shown),
      },
      sum: toCents(lineSum),
      discount: toCents(discount),
      total: toCents(total),
      vatIncluded,
      net: toCents(net),
      vat: vat.value,
    });
  });

  const vat = [...byRateId].map(([rateId, rate]) => ({
    rateId,
    percent: rate.percent,
    base: toCents(rate.base),
    amount: toCents(amountOf(rate)),
  }));
  // A document charge or discount, as GOBL's calculateCharges: its percent of its base (the lines'
  // sum, or its own `base`) at the base's precision, kept unrounded for GOBL's totals.
  const documentLevel = (list: NonNullable<GoblInvoice['charges']>, field: string) =>
    list.map((charge, j) => {
      const base = charge.base !== undefined ? new Money(charge.base) : sum;
      const baseDecimals =
        charge.base !== undefined ? Math.max(decimalsOf(charge.base), LINE_DECIMALS) : sumDecimals;
      if (charge.percent === undefined && charge.amount === undefined)
        problems.push({ path: `${field}[${j}].percent`, code: 'required' });
      const byPercent = charge.percent !== undefined && !fraction(charge.percent).isZero();
      const precise = byPercent
        ? roundTo(base.times(fraction(charge.percent!)), baseDecimals)
        : new Money(charge.amount ?? 0);
      const taxType = charge.ext?.['ar-arca-tax-type'];
      const calculated: CalculatedCharge = {
        ...(taxType !== undefined ? { taxType: Number(taxType) } : {}),
        ...(charge.reason !== undefined ? { reason: charge.reason } : {}),
        ...(charge.percent !== undefined
          ? { percent: charge.percent.trim().replace(/%$/, '') }
          : {}),
        base: toCents(base),
        amount: toCents(precise),
      };
      return { calculated, precise };
    });
  const chargeSums = documentLevel(invoice.charges ?? [], 'charges');
  const discountSums = documentLevel(invoice.discounts ?? [], 'discounts');
  const charges = chargeSums.map((c) => c.calculated);
  const discounts = discountSums.map((d) => d.calculated);
  if (problems.length > 0) return { ok: false, problems };

  const add = (values: (string | Money)[]) =>
    values.reduce<Money>((acc, v) => acc.plus(v), new Money(0));
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
      gobl: goblTotals({
        rates: [...byGoblRate.values()],
        exempt: kinds.has('exempt') ? exempt : undefined,
        notTaxed: kinds.has('not-taxed') ? notTaxed : undefined,
        sum,
        charges: add(chargeSums.map((c) => c.precise)),
        discounts: add(discountSums.map((d) => d.precise)),
        // GOBL's VAT category exists as soon as one line has a VAT combo.
        taxIncluded: pricesIncludeVat && [...kinds].some((kind) => kind !== 'none'),
      }),
    },
  };
}

/** A rate's IVA: its base times the rate, rounded at the base's own precision (as GOBL does). */
const amountOf = (rate: RateSum) => roundTo(rate.base.times(fraction(rate.percent)), rate.decimals);

function addTo<K>(
  sums: Map<K, RateSum>,
  key: K,
  percent: string,
  amount: Money,
  decimals: number,
  ext?: Record<string, string>,
) {
  const held = sums.get(key);
  sums.set(key, {
    percent,
    base: (held?.base ?? new Money(0)).plus(amount),
    decimals: Math.max(held?.decimals ?? 0, decimals),
    ...(ext ? { ext } : {}),
  });
}

const sortedExt = (ext: Record<string, unknown> | undefined) => {
  const entries = Object.entries(ext ?? {})
    .filter((e): e is [string, string] => typeof e[1] === 'string')
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
};

/**
 * GOBL's totals: the VAT category's amount is the sum of its rates' unrounded amounts, rounded once;
 * with prices including VAT that amount is `tax_included` and comes off the total; total with tax
 * = total + tax, rounded only at the end.
 */
function goblTotals(input: {
  rates: RateSum[];
  /** Undefined when no line is exempt (or outside scope). */
  exempt?: Money;
  notTaxed?: Money;
  sum: Money;
  /** Document charges and discounts, unrounded. */
  charges: Money;
  discounts: Money;
  taxIncluded: boolean;
}): InvoiceCalculation['gobl'] {
  const rates: GoblRateTotal[] = input.rates.map((rate) => ({
    key: new Money(rate.percent).isZero() ? 'zero' : 'standard',
    ...(rate.ext ? { ext: rate.ext } : {}),
    base: toCents(rate.base),
    percent: rate.percent,
    amount: toCents(amountOf(rate)),
  }));
  if (input.exempt) rates.push({ key: 'exempt', base: toCents(input.exempt), amount: '0.00' });
  if (input.notTaxed)
    rates.push({ key: 'outside-scope', base: toCents(input.notTaxed), amount: '0.00' });
  const tax = input.rates.reduce((acc, rate) => acc.plus(amountOf(rate)), new Money(0));
  const net = input.sum.plus(input.charges).minus(input.discounts);
  const total = input.taxIncluded ? net.minus(tax) : net;
  return {
    charge: toCents(input.charges),
    discount: toCents(input.discounts),
    rates,
    tax: toCents(tax),
    ...(input.taxIncluded ? { taxIncluded: toCents(tax) } : {}),
    total: toCents(total),
    totalWithTax: toCents(total.plus(tax)),
  };
}
