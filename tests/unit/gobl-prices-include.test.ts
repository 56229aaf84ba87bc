import { readFileSync } from 'node:fs';
import path from 'node:path';
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { buildInvoice, toCtVoucher, toFeVoucher } from '@/lib/invoice-model';

type Json = Record<string, unknown>;

// GOBL's Argentine tourism example, as a client writes it: invopop/gobl.ar.arca,
// examples/invoice-ar-arca-tourism.json (Apache License 2.0), copied unchanged to the fixture.
const TOURISM = JSON.parse(
  readFileSync(path.join(__dirname, '../fixtures/gobl/invoice-ar-arca-tourism.json'), 'utf8'),
) as Json;

// What GOBL's build writes for it: invopop/gobl.ar.arca, examples/out/invoice-ar-arca-tourism.json
// (`doc.lines[].sum`/`total`, `doc.charges`, `doc.totals`, `doc.payment`), copied unchanged.
const GOBL_LINE_AMOUNTS = [
  { sum: '60500.00', total: '60500.00' },
  { sum: '54450.00', total: '54450.00' },
];
const GOBL_RATE_EXT = { 'ar-arca-tourism-item': '1', 'ar-arca-vat-rate': '5' };
const GOBL_REFUND = { i: 1, key: 'vat-refund', reason: 'Reintegro de IVA', amount: '-19950.00' };
const GOBL_TOTALS = {
  sum: '114950.00',
  charge: '-19950.00',
  tax_included: '19950.00',
  total: '75050.00',
  taxes: {
    categories: [
      {
        code: 'VAT',
        rates: [
          {
            key: 'standard',
            ext: GOBL_RATE_EXT,
            base: '95000.00',
            percent: '21.0%',
            amount: '19950.00',
          },
        ],
        amount: '19950.00',
      },
    ],
    sum: '19950.00',
  },
  tax: '19950.00',
  total_with_tax: '95000.00',
  payable: '95000.00',
};
const GOBL_DUE_AMOUNT = '95000.00';

const supplier = { cuit: '30712345671', regime: 'responsable_inscripto' as const };

function built(doc: Json) {
  const result = buildInvoice(doc, { regime: 'responsable_inscripto', today: '2026-08-15' });
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.problems)}`);
  return result.value.doc;
}

describe("GOBL's tourism example (prices including VAT), built as GOBL builds it", () => {
  const doc = built(TOURISM);
  const totals = doc.totals as Json;

  it('keeps each line as written (with IVA) and takes the IVA out of the rate totals only', () => {
    expect((doc.lines as Json[]).map(({ sum, total }) => ({ sum, total }))).toEqual(
      GOBL_LINE_AMOUNTS,
    );
    expect(totals.taxes).toEqual(GOBL_TOTALS.taxes);
    expect(totals).toMatchObject({
      sum: GOBL_TOTALS.sum,
      tax_included: GOBL_TOTALS.tax_included,
      tax: GOBL_TOTALS.tax,
    });
    expect((doc.tax as Json).prices_include).toBe('VAT');
  });

  it("differs from GOBL's output only by the vat-refund charge gobl.ar.arca's addon adds (not in GOBL 0.502.1)", () => {
    // GOBL 0.502.1 (our schemas) has no `vat-refund` charge: gobl.ar.arca's newer addon adds one of
    // minus the IVA to a Factura T. Every total it touches is ours plus that charge.
    expect(doc.charges).toBeUndefined();
    const refund = new Decimal(GOBL_REFUND.amount);
    const plusRefund = (v: unknown) => refund.plus(v as string).toFixed(2);
    expect({
      total: plusRefund(totals.total),
      total_with_tax: plusRefund(totals.total_with_tax),
      payable: plusRefund(totals.payable),
      due: plusRefund(
        ((doc.payment as { terms: { due_dates: Json[] } }).terms.due_dates[0] as Json).amount,
      ),
    }).toEqual({
      total: GOBL_TOTALS.total,
      total_with_tax: GOBL_TOTALS.total_with_tax,
      payable: GOBL_TOTALS.payable,
      due: GOBL_DUE_AMOUNT,
    });
  });

  it("maps to WSCT with GOBL's figures: gravado 95,000.00, IVA 19,950.00, reintegro −19,950.00", () => {
    const voucher = toCtVoucher(doc, supplier, 3);
    expect(voucher.ok && voucher.value).toMatchObject({
      importeGravado: '95000.00',
      importeReintegro: '-19950.00',
      importeTotal: '95000.00',
      arraySubtotalesIVA: [{ codigo: 5, importe: '19950.00' }],
      arrayItems: [
        expect.objectContaining({ importeItem: '60500.00', importeIVA: '10500.00' }),
        expect.objectContaining({ importeItem: '54450.00', importeIVA: '9450.00' }),
      ],
    });
  });

  it("maps a Factura T to the built document's rate totals, GOBL's rounding included: 1.70 → gravado 1.41", () => {
    const lines = TOURISM.lines as Json[];
    const doc = built({
      ...TOURISM,
      lines: [{ ...lines[0]!, item: { name: 'Noche', price: '1.70' } }],
    });
    const rates = (doc.totals as { taxes: { categories: { rates: Json[] }[] } }).taxes
      .categories[0]!.rates;
    expect(rates).toEqual([
      { key: 'standard', ext: GOBL_RATE_EXT, base: '1.41', percent: '21.0%', amount: '0.30' },
    ]);
    const voucher = toCtVoucher(doc, supplier, 3);
    expect(voucher.ok && voucher.value).toMatchObject({
      importeGravado: '1.41',
      arraySubtotalesIVA: [{ codigo: 5, importe: '0.30' }],
      importeReintegro: '-0.30',
      arrayItems: [expect.objectContaining({ importeItem: '1.70', importeIVA: '0.29' })],
    });
  });
});

// An independent calculation of GOBL's "precise" rounding with prices including VAT (GOBL's
// bill/line_calculate.go, tax/totals_calculator_precise.go, num/amount.go): amounts are fixed-point,
// four decimals here (the currency's two plus two), rounded half away from zero; a taxed line's
// total is divided by (1 + rate) at that precision; each rate's IVA is its base × rate at that
// precision; everything is rounded to cents only when written.
const D = Decimal.clone({ precision: 50, rounding: Decimal.ROUND_HALF_UP });
type D = InstanceType<typeof D>;
const four = (v: D) => v.toDecimalPlaces(4, D.ROUND_HALF_UP);
const cents = (v: D) => v.toDecimalPlaces(2, D.ROUND_HALF_UP).toFixed(2);

interface Case {
  lines: { quantity: string; price: string; rate: '21' | '10.5' | 'exempt'; discount?: string }[];
  /** A tax charge's percent of the lines' sum (a perception). */
  charge?: string;
}

function independent({ lines, charge }: Case) {
  let sum = new D(0);
  const rates = new Map<string, D>();
  let exempt = new D(0);
  for (const line of lines) {
    const lineSum = four(new D(line.quantity).times(line.price));
    const total = lineSum.minus(four(lineSum.times(new D(line.discount ?? 0).div(100))));
    sum = sum.plus(total);
    if (line.rate === 'exempt') exempt = exempt.plus(total);
    else {
      const net = four(total.div(new D(line.rate).div(100).plus(1)));
      rates.set(line.rate, (rates.get(line.rate) ?? new D(0)).plus(net));
    }
  }
  const amounts = [...rates].map(([rate, base]) => ({
    rate,
    base,
    amount: four(base.times(new D(rate).div(100))),
  }));
  const tax = amounts.reduce((acc, a) => acc.plus(a.amount), new D(0));
  const chargeAmount = charge ? new D(cents(sum.times(new D(charge).div(100)))) : new D(0);
  const total = sum.plus(chargeAmount).minus(tax);
  const impNeto = amounts.reduce((acc, a) => acc.plus(cents(a.base)), new D(0));
  const impIva = amounts.reduce((acc, a) => acc.plus(cents(a.amount)), new D(0));
  return {
    gobl: {
      sum: cents(sum),
      tax_included: cents(tax),
      total: cents(total),
      tax: cents(tax),
      total_with_tax: cents(total.plus(tax)),
      rates: amounts.map((a) => ({ base: cents(a.base), amount: cents(a.amount) })),
    },
    arca: {
      ImpNeto: cents(impNeto),
      ImpIVA: cents(impIva),
      ImpOpEx: cents(exempt),
      ImpTrib: cents(chargeAmount),
      ImpTotal: cents(impNeto.plus(impIva).plus(exempt).plus(chargeAmount)),
      Iva: amounts.map((a) => ({ BaseImp: cents(a.base), Importe: cents(a.amount) })),
    },
  };
}

const COMBO = {
  '21': { cat: 'VAT', rate: 'general' },
  '10.5': { cat: 'VAT', rate: 'reduced' },
  exempt: { cat: 'VAT', key: 'exempt' },
};

/** A Factura A of goods with prices including IVA, to a responsable inscripto. */
const facturaA = ({ lines, charge }: Case): Json => ({
  $schema: 'https://gobl.org/draft-0/bill/invoice',
  $addons: ['ar-arca-v4'],
  issue_date: '2026-08-15',
  series: '3',
  tax: { prices_include: 'VAT' },
  supplier: { name: 'Hotel Patagonia S.A.', tax_id: { country: 'AR', code: '30712345671' } },
  customer: { name: 'Cliente Comercial S.R.L.', tax_id: { country: 'AR', code: '30987654321' } },
  lines: lines.map((l) => ({
    quantity: l.quantity,
    item: { name: 'Producto', price: l.price, key: 'goods' },
    taxes: [COMBO[l.rate]],
    ...(l.discount ? { discounts: [{ percent: `${l.discount}%` }] } : {}),
  })),
  ...(charge
    ? { charges: [{ key: 'tax', percent: `${charge}%`, ext: { 'ar-arca-tax-type': '7' } }] }
    : {}),
});

const CASES: [string, Case, { ImpNeto: string; ImpIVA: string; ImpTotal: string }][] = [
  [
    'mixed rates: 3 × 1,000.00 at 21 % and 552.50 at 10.5 %, with an exempt 200.00',
    {
      lines: [
        { quantity: '3', price: '1000.00', rate: '21' },
        { quantity: '1', price: '552.50', rate: '10.5' },
        { quantity: '1', price: '200.00', rate: 'exempt' },
      ],
    },
    // 3,000 / 1.21 = 2,479.3388 (IVA 520.6611), 552.50 / 1.105 = 500 (IVA 52.50).
    { ImpNeto: '2979.34', ImpIVA: '573.16', ImpTotal: '3752.50' },
  ],
  [
    'a 10 % discount off 2 × 1,210.00 at 21 %',
    { lines: [{ quantity: '2', price: '1210.00', rate: '21', discount: '10' }] },
    { ImpNeto: '1800.00', ImpIVA: '378.00', ImpTotal: '2178.00' },
  ],
  [
    'a 3 % perception charged on the lines as written (with IVA), 1,210.00 at 21 %',
    { lines: [{ quantity: '1', price: '1210.00', rate: '21' }], charge: '3' },
    { ImpNeto: '1000.00', ImpIVA: '210.00', ImpTotal: '1246.30' },
  ],
  [
    'prices finer than the IVA: 7 × 9.99 and 13 × 0.35 at 21 %, 3 × 4.44 exempt',
    {
      lines: [
        { quantity: '7', price: '9.99', rate: '21' },
        { quantity: '13', price: '0.35', rate: '21' },
        { quantity: '3', price: '4.44', rate: 'exempt' },
      ],
    },
    // 69.93 / 1.21 = 57.7934, 4.55 / 1.21 = 3.7603: base 61.5537, IVA 12.9263.
    { ImpNeto: '61.55', ImpIVA: '12.93', ImpTotal: '87.80' },
  ],
];

describe('prices including IVA, against an independent decimal calculation', () => {
  for (const [name, input, figures] of CASES) {
    it(name, () => {
      const expected = independent(input);
      const doc = built(facturaA(input));
      const totals = doc.totals as {
        taxes: { categories: { rates: Json[] }[] };
      } & Json;
      expect(totals).toMatchObject({
        sum: expected.gobl.sum,
        tax_included: expected.gobl.tax_included,
        total: expected.gobl.total,
        tax: expected.gobl.tax,
        total_with_tax: expected.gobl.total_with_tax,
        payable: expected.gobl.total_with_tax,
      });
      const taxedRates = totals.taxes.categories[0]!.rates.filter((r) => r.key !== 'exempt');
      expect(taxedRates.map(({ base, amount }) => ({ base, amount }))).toEqual(expected.gobl.rates);

      const voucher = toFeVoucher(doc, supplier, 3);
      if (!voucher.ok) throw new Error(JSON.stringify(voucher.problems));
      expect(voucher.value).toMatchObject(expected.arca);
      expect(voucher.value).toMatchObject(figures);
    });
  }

  it("parts from GOBL's payable by a cent where the rounded base and IVA do: 1.70 at 21 %", () => {
    // 1.70 / 1.21 = 1.4050 → 1.41, its IVA 0.2951 → 0.30: ARCA's ImpTotal is the sum of the parts it
    // is sent (1.71), GOBL's payable the prices as written (1.70). ARCA takes a cent either way.
    const input: Case = { lines: [{ quantity: '1', price: '1.70', rate: '21' }] };
    const expected = independent(input);
    const doc = built(facturaA(input));
    const voucher = toFeVoucher(doc, supplier, 3);
    if (!voucher.ok) throw new Error(JSON.stringify(voucher.problems));
    expect(voucher.value).toMatchObject({ ...expected.arca, ImpNeto: '1.41', ImpIVA: '0.30' });
    expect(voucher.value.ImpTotal).toBe('1.71');
    expect((doc.totals as Json).payable).toBe('1.70');
    expect(expected.gobl.total_with_tax).toBe('1.70');
  });
});
