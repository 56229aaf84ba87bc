import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildInvoice } from '@/lib/invoice-model';

// An independent calculation of GOBL's totals, checked against the build on random invoices. It
// uses nothing of lib/invoice-model but buildInvoice: its own decimals, rates and rounding.
const D = Decimal.clone({ precision: 80, rounding: Decimal.ROUND_HALF_UP });
type D = InstanceType<typeof D>;
const cents = (value: D) => value.toDecimalPlaces(2, D.ROUND_HALF_UP).toFixed(2);
const fraction = (percent: string) => new D(percent.replace(/%$/, '')).div(100);

type Json = Record<string, unknown>;
type VatCombo = { cat: 'VAT'; rate?: string; key?: string };
type Discount = { percent?: string; amount?: string };
type Line = {
  quantity: string;
  item: { name: string; price: string; key: 'goods' };
  taxes: VatCombo[];
  discounts?: Discount[];
};
type Charge = { key: 'tax'; percent: string; ext: { 'ar-arca-tax-type': '1' } };

/** Argentina's VAT percentages by rate key (GOBL's regimes/ar.json), and key zero. */
const RATE_PERCENT: Record<string, string> = { general: '21', reduced: '10.5', increased: '27' };
/** The rate a line is taxed at: its percentage, or 'exempt'. */
const rateOf = (combo: VatCombo) =>
  combo.key === 'exempt' ? 'exempt' : combo.key === 'zero' ? '0' : RATE_PERCENT[combo.rate!]!;

interface Totals {
  sum: string;
  charge?: string;
  tax_included?: string;
  total: string;
  tax: string;
  total_with_tax: string;
  payable: string;
  /** Each VAT rate ('21', '10.5', '27', '0', 'exempt'): its base and amount. */
  rates: Record<string, { base: string; amount: string }>;
}

/** Rounds half away from zero at `places` decimals: how GOBL's fixed-point amounts round. */
const at = (value: D, places: number) => value.toDecimalPlaces(places, D.ROUND_HALF_UP);

/**
 * GOBL's totals with its default "precise" rounding (GOBL's bill/line_calculate.go and
 * tax/totals_calculator_precise.go): each line amount is a fixed-point number with the price's
 * decimals but at least four (the currency's two plus two); line sum = quantity × price and each
 * percent discount, both rounded at that precision; line total = sum − discounts. With prices
 * including VAT, each taxed line's total is divided by (1 + rate), rounded at the line's precision.
 * Each rate's base is the sum of its lines, its amount base × rate rounded at the base's
 * precision; the tax is the sum of the unrounded amounts; tax_included is that tax when prices
 * include it, and comes off the total; total with tax = total + tax. Everything is rounded half-up
 * to cents only when written. Each charge is its percent of the sum at the sum's precision, and
 * their total is rounded once.
 */
function expectedTotals(lines: Line[], charges: Charge[], pricesInclude: boolean): Totals {
  let sum = new D(0);
  const groups = new Map<string, { base: D; places: number }>();
  for (const line of lines) {
    const places = Math.max(line.item.price.split('.')[1]?.length ?? 0, 4);
    const lineSum = at(new D(line.quantity).times(line.item.price), places);
    const discount = (line.discounts ?? []).reduce(
      (acc, d) =>
        acc.plus(
          at(
            d.percent !== undefined ? lineSum.times(fraction(d.percent)) : new D(d.amount!),
            places,
          ),
        ),
      new D(0),
    );
    const lineTotal = lineSum.minus(discount);
    sum = sum.plus(lineTotal);
    const rate = rateOf(line.taxes[0]!);
    const net =
      pricesInclude && rate !== 'exempt'
        ? at(lineTotal.div(fraction(rate).plus(1)), places)
        : lineTotal;
    const group = groups.get(rate) ?? { base: new D(0), places: 0 };
    groups.set(rate, { base: group.base.plus(net), places: Math.max(group.places, places) });
  }
  const rates: Totals['rates'] = {};
  let tax = new D(0);
  for (const [rate, { base, places }] of groups) {
    const amount = rate === 'exempt' ? new D(0) : at(base.times(fraction(rate)), places);
    rates[rate] = { base: cents(base), amount: cents(amount) };
    tax = tax.plus(amount);
  }
  // Each charge at the sum's precision (the finest of its lines), unrounded until written.
  const sumPlaces = Math.max(4, ...lines.map((l) => l.item.price.split('.')[1]?.length ?? 0));
  const chargeTotal = charges.reduce(
    (acc, c) =>
      fraction(c.percent).isZero() ? acc : acc.plus(at(sum.times(fraction(c.percent)), sumPlaces)),
    new D(0),
  );
  const total = sum.plus(chargeTotal).minus(pricesInclude ? tax : 0);
  const totalWithTax = total.plus(tax);
  return {
    sum: cents(sum),
    ...(charges.length > 0 ? { charge: cents(chargeTotal) } : {}),
    ...(pricesInclude ? { tax_included: cents(tax) } : {}),
    total: cents(total),
    tax: cents(tax),
    total_with_tax: cents(totalWithTax),
    payable: cents(totalWithTax),
    rates,
  };
}

/** The same figures as the build wrote them in `doc.totals`. */
function builtTotals(doc: Json): Totals {
  const totals = doc.totals as Json;
  const taxes = totals.taxes as { categories: { code: string; rates: Json[] }[] } | undefined;
  const rates: Totals['rates'] = {};
  for (const rate of taxes?.categories.find((c) => c.code === 'VAT')?.rates ?? []) {
    const label =
      rate.key === 'exempt' ? 'exempt' : new D(String(rate.percent).replace(/%$/, '')).toString();
    rates[label] = { base: rate.base as string, amount: rate.amount as string };
  }
  return {
    sum: totals.sum as string,
    ...(totals.charge !== undefined ? { charge: totals.charge as string } : {}),
    ...(totals.tax_included !== undefined ? { tax_included: totals.tax_included as string } : {}),
    total: totals.total as string,
    tax: totals.tax as string,
    total_with_tax: totals.total_with_tax as string,
    payable: totals.payable as string,
    rates,
  };
}

/** A decimal string with at most `maxInteger` before the point and 0 to 4 decimals ("12.3400"). */
const decimalText = (maxInteger: number) =>
  fc
    .tuple(
      fc.integer({ min: 0, max: maxInteger }),
      fc.integer({ min: 0, max: 9999 }),
      fc.integer({ min: 0, max: 4 }),
    )
    .map(([integer, digits, decimals]) =>
      decimals === 0
        ? String(integer)
        : `${integer}.${String(digits).padStart(4, '0').slice(0, decimals)}`,
    );
/** A percentage with up to two decimals, from hundredths of a percent ("12.34%"). */
const percentText = (hundredths: number) => `${new D(hundredths).div(100).toString()}%`;

const vatCombo = fc.constantFrom<VatCombo>(
  { cat: 'VAT', rate: 'general' },
  { cat: 'VAT', rate: 'reduced' },
  { cat: 'VAT', rate: 'increased' },
  { cat: 'VAT', key: 'zero' },
  { cat: 'VAT', key: 'exempt' },
);
// At most two discounts of at most half the line sum each: together never more than the sum.
const discountShare = fc.record({
  kind: fc.constantFrom('percent', 'amount'),
  hundredths: fc.integer({ min: 0, max: 5000 }),
});

const line = fc
  .record({
    quantity: decimalText(999).filter((q) => new D(q).gt(0)),
    price: decimalText(999_999),
    taxes: vatCombo,
    discounts: fc.array(discountShare, { maxLength: 2 }),
  })
  .map(({ quantity, price, taxes, discounts }): Line => {
    const lineSum = new D(quantity).times(price);
    return {
      quantity,
      item: { name: 'Producto', price, key: 'goods' },
      taxes: [taxes],
      ...(discounts.length > 0
        ? {
            discounts: discounts.map(({ kind, hundredths }) =>
              kind === 'percent'
                ? { percent: percentText(hundredths) }
                : {
                    amount: lineSum
                      .times(hundredths)
                      .div(10000)
                      .toDecimalPlaces(2, D.ROUND_DOWN)
                      .toFixed(2),
                  },
            ),
          }
        : {}),
    };
  });

const charge = fc.integer({ min: 0, max: 1000 }).map((hundredths): Charge => ({
  key: 'tax',
  percent: percentText(hundredths),
  ext: { 'ar-arca-tax-type': '1' },
}));

interface Invoice {
  lines: Line[];
  charges: Charge[];
  currency: 'ARS' | 'USD';
  /** `tax.prices_include: "VAT"`: every price includes its IVA. */
  pricesInclude: boolean;
}
const invoice: fc.Arbitrary<Invoice> = fc.record({
  lines: fc.array(line, { minLength: 1, maxLength: 8 }),
  charges: fc.array(charge, { maxLength: 2 }),
  currency: fc.constantFrom('ARS' as const, 'USD' as const),
  pricesInclude: fc.boolean(),
});

/** A Factura A of goods from a responsable inscripto, in ARS or in USD at 1050.50 ARS, its prices with or without IVA. */
function document({ lines, charges, currency, pricesInclude }: Invoice): Json {
  return {
    $schema: 'https://gobl.org/draft-0/bill/invoice',
    $addons: ['ar-arca-v4'],
    issue_date: '2026-11-20',
    series: '1',
    currency,
    ...(pricesInclude ? { tax: { prices_include: 'VAT' } } : {}),
    ...(currency === 'USD'
      ? { exchange_rates: [{ from: 'USD', to: 'ARS', amount: '1050.50' }] }
      : {}),
    supplier: { name: 'Proveedor Ejemplo S.A.', tax_id: { country: 'AR', code: '30712345671' } },
    customer: { name: 'Cliente Comercial S.R.L.', tax_id: { country: 'AR', code: '30987654321' } },
    lines,
    ...(charges.length > 0 ? { charges } : {}),
  };
}

describe('the totals of a built invoice', () => {
  it("equal an independent calculation of GOBL's rules on random valid invoices", () => {
    fc.assert(
      fc.property(invoice, (generated) => {
        const result = buildInvoice(document(generated), {
          regime: 'responsable_inscripto',
          today: '2026-11-28',
        });
        if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.problems)}`);
        expect(builtTotals(result.value.doc)).toEqual(
          expectedTotals(generated.lines, generated.charges, generated.pricesInclude),
        );
      }),
      { seed: 20261128, numRuns: 500 },
    );
  }, 60_000);
});
