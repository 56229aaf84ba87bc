import { describe, expect, it } from 'vitest';
import { calculateInvoice, parseInvoice, type GoblInvoice } from '@/lib/invoice-model';

type LineInput = { quantity: string; price: string; taxes?: unknown[]; discounts?: unknown[] };

function invoice(lines: LineInput[], charges?: unknown[], extra: object = {}): GoblInvoice {
  const parsed = parseInvoice({
    $schema: 'https://gobl.org/draft-0/bill/invoice',
    $addons: ['ar-arca-v4'],
    issue_date: '2026-01-15',
    supplier: { name: 'Proveedor' },
    lines: lines.map((l) => ({
      quantity: l.quantity,
      item: { name: 'Ítem', price: l.price, key: 'goods' },
      taxes: l.taxes ?? [{ cat: 'VAT', rate: 'general' }],
      ...(l.discounts ? { discounts: l.discounts } : {}),
    })),
    ...(charges ? { charges } : {}),
    ...extra,
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  return parsed.value;
}

function calculate(lines: LineInput[], charges?: unknown[]) {
  const result = calculateInvoice(invoice(lines, charges));
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.value;
}

describe('calculateInvoice', () => {
  it('adds 0.1 and 0.2 as decimals: 0.30, not 0.30000000000000004', () => {
    const result = calculate([
      { quantity: '1', price: '0.1', taxes: [{ cat: 'VAT', key: 'exempt' }] },
      { quantity: '1', price: '0.2', taxes: [{ cat: 'VAT', key: 'exempt' }] },
    ]);
    expect(result.sum).toBe('0.30');
    expect(result.exempt).toBe('0.30');
    expect(result.total).toBe('0.30');
    expect(calculate([{ quantity: '3', price: '0.1' }]).taxed).toBe('0.30');
  });

  it('rounds 27% IVA half-up on the exact amount: 10.50 → 2.835 → 2.84, 0.05 → 0.0135 → 0.01', () => {
    const rate27 = [{ cat: 'VAT', rate: 'increased' }];
    expect(calculate([{ quantity: '1', price: '10.50', taxes: rate27 }]).vat).toEqual([
      { rateId: 6, percent: '27', base: '10.50', amount: '2.84' },
    ]);
    expect(calculate([{ quantity: '1', price: '0.05', taxes: rate27 }]).vatTotal).toBe('0.01');
    // A tie after an even digit tells half-up (0.41) from banker's rounding (0.40): 1.50 × 27 % = 0.405.
    expect(calculate([{ quantity: '1', price: '1.50', taxes: rate27 }]).vatTotal).toBe('0.41');
    // 1.15 × 27 % = 0.3105 and 1.35 × 27 % = 0.3645: half-up on the fourth decimal gives .31 and .36.
    expect(calculate([{ quantity: '1', price: '1.15', taxes: rate27 }]).vatTotal).toBe('0.31');
    expect(calculate([{ quantity: '1', price: '1.35', taxes: rate27 }]).vatTotal).toBe('0.36');
  });

  it("rounds each rate once over all its lines, not line by line (GOBL's precise rounding)", () => {
    const many = Array.from({ length: 1000 }, () => ({ quantity: '1', price: '0.01' }));
    const result = calculate(many);
    expect(result.lines).toHaveLength(1000);
    expect(result.vat).toEqual([{ rateId: 5, percent: '21', base: '10.00', amount: '2.10' }]);
    expect(result.total).toBe('12.10');
    // Three lines of 0.333 × 1: each shows 0.33, the base keeps the exact 0.999 → 1.00.
    const thirds = calculate(Array.from({ length: 3 }, () => ({ quantity: '1', price: '0.333' })));
    expect(thirds.lines.map((l) => l.total)).toEqual(['0.33', '0.33', '0.33']);
    expect(thirds.taxed).toBe('1.00');
    expect(thirds.vatTotal).toBe('0.21');
  });

  it('keeps each rate apart, in the order they first appear, with exempt and not-taxed lines beside them', () => {
    const result = calculate([
      { quantity: '2', price: '50', taxes: [{ cat: 'VAT', percent: '10.5%' }] },
      { quantity: '1', price: '100', taxes: [{ cat: 'VAT', rate: 'general' }] },
      { quantity: '1', price: '40', taxes: [{ cat: 'VAT', ext: { 'ar-arca-vat-rate': '8' } }] },
      { quantity: '1', price: '40', taxes: [{ cat: 'VAT', percent: '2.5%' }] },
      { quantity: '1', price: '7', taxes: [{ cat: 'VAT', key: 'zero' }] },
      { quantity: '1', price: '30', taxes: [{ cat: 'VAT', key: 'exempt' }] },
      { quantity: '1', price: '20', taxes: [{ cat: 'VAT', key: 'outside-scope' }] },
      { quantity: '1', price: '100', taxes: [{ cat: 'VAT', rate: 'general' }] },
    ]);
    expect(result.vat).toEqual([
      { rateId: 4, percent: '10.5', base: '100.00', amount: '10.50' },
      { rateId: 5, percent: '21', base: '200.00', amount: '42.00' },
      { rateId: 8, percent: '5', base: '40.00', amount: '2.00' },
      { rateId: 9, percent: '2.5', base: '40.00', amount: '1.00' },
      { rateId: 3, percent: '0', base: '7.00', amount: '0.00' },
    ]);
    expect(result).toMatchObject({
      taxed: '387.00',
      exempt: '30.00',
      notTaxed: '20.00',
      vatTotal: '55.50',
      total: '492.50',
    });
  });

  it('takes discounts (percent or amount) off the line before IVA', () => {
    const result = calculate([
      { quantity: '3', price: '100', discounts: [{ percent: '10%' }, { amount: '15' }] },
    ]);
    expect(result.lines[0]).toMatchObject({ sum: '300.00', discount: '45.00', total: '255.00' });
    expect(result.vatTotal).toBe('53.55');
  });

  it('computes tax charges (Tributos) on the line sum or on their own base', () => {
    const result = calculate(
      [{ quantity: '1', price: '200' }],
      [
        { key: 'tax', percent: '3%', ext: { 'ar-arca-tax-type': '2' } },
        {
          key: 'tax',
          percent: '1.5%',
          base: '100',
          reason: 'Tasa',
          ext: { 'ar-arca-tax-type': '99' },
        },
      ],
    );
    expect(result.charges).toEqual([
      { taxType: 2, percent: '3', base: '200.00', amount: '6.00' },
      { taxType: 99, reason: 'Tasa', percent: '1.5', base: '100.00', amount: '1.50' },
    ]);
    expect(result).toMatchObject({ chargesTotal: '7.50', total: '249.50' });
  });

  it('takes included IVA out of each line as GOBL does: total ÷ (1 + rate) at four decimals, then rounded', () => {
    const result = calculateInvoice(
      invoice(
        [
          { quantity: '1', price: '1.70' },
          { quantity: '2', price: '0.50', taxes: [{ cat: 'VAT', key: 'exempt' }] },
        ],
        undefined,
        { tax: { prices_include: 'VAT' } },
      ),
    );
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    // 1.70 / 1.21 = 1.40495… is 1.4050 at GOBL's four decimals, so its base is 1.41 (not 1.40), its
    // IVA 1.4050 × 21 % = 0.2951 → 0.30. The line itself stays as written.
    expect(
      result.value.lines.map(({ sum, total, net, vatIncluded }) => ({
        sum,
        total,
        net,
        vatIncluded,
      })),
    ).toEqual([
      { sum: '1.70', total: '1.70', net: '1.41', vatIncluded: true },
      { sum: '1.00', total: '1.00', net: '1.00', vatIncluded: false },
    ]);
    expect(result.value).toMatchObject({
      vat: [{ rateId: 5, percent: '21', base: '1.41', amount: '0.30' }],
      sum: '2.70',
      taxed: '1.41',
      exempt: '1.00',
      vatTotal: '0.30',
      // ARCA's ImpTotal adds what it is sent; GOBL's total with tax keeps the prices as written.
      total: '2.71',
      gobl: {
        tax: '0.30',
        taxIncluded: '0.30',
        total: '2.40',
        totalWithTax: '2.70',
        rates: [
          { key: 'standard', base: '1.41', percent: '21', amount: '0.30' },
          { key: 'exempt', base: '1.00', amount: '0.00' },
        ],
      },
    });
  });

  it("keeps GOBL's fixed-point precision without prices_include too: the rate's IVA at its base's four decimals", () => {
    // 0.0002 × 204401 = 40.8802; its IVA 8.584842 → 8.5848 → 8.58; GOBL's total with tax rounds
    // 40.8802 + 8.5848 = 49.4650 once: 49.47, while ARCA's parts add to 40.88 + 8.58 = 49.46.
    const result = calculate([{ quantity: '0.0002', price: '204401' }]);
    expect(result).toMatchObject({
      taxed: '40.88',
      vatTotal: '8.58',
      total: '49.46',
      gobl: { tax: '8.58', total: '40.88', totalWithTax: '49.47' },
    });
    expect(result.gobl.taxIncluded).toBeUndefined();
  });

  it('refuses GOBL\'s "currency" rounding, which gives other totals; "precise" is the default it uses', () => {
    const lines = [{ quantity: '1', price: '1.70' }];
    expect(calculateInvoice(invoice(lines, undefined, { tax: { rounding: 'currency' } }))).toEqual({
      ok: false,
      problems: [{ path: 'tax.rounding', code: 'rounding_unsupported' }],
    });
    expect(calculateInvoice(invoice(lines, undefined, { tax: { rounding: 'precise' } }))).toEqual(
      calculateInvoice(invoice(lines)),
    );
  });

  it("groups GOBL's rate totals by the combos' extensions too, ARCA's by rate only", () => {
    const result = calculate([
      {
        quantity: '1',
        price: '0.05',
        taxes: [{ cat: 'VAT', rate: 'general', ext: { 'ar-arca-tourism-item': '1' } }],
      },
      {
        quantity: '1',
        price: '0.05',
        taxes: [{ cat: 'VAT', rate: 'general', ext: { 'ar-arca-tourism-item': '2' } }],
      },
    ]);
    // Each 0.05 × 21 % = 0.0105 → 0.01 in GOBL's two rates; 0.10 × 21 % = 0.021 → 0.02 for ARCA.
    expect(result.gobl.rates.map(({ ext, base, amount }) => ({ ext, base, amount }))).toEqual([
      { ext: { 'ar-arca-tourism-item': '1' }, base: '0.05', amount: '0.01' },
      { ext: { 'ar-arca-tourism-item': '2' }, base: '0.05', amount: '0.01' },
    ]);
    expect(result.vat).toEqual([{ rateId: 5, percent: '21', base: '0.10', amount: '0.02' }]);
    expect(result.gobl.tax).toBe('0.02');
  });

  it("adds document charges unrounded for GOBL's totals, rounded one by one for ARCA's Tributos", () => {
    const perception = (hundredths: string) => ({
      key: 'tax',
      percent: `${hundredths}%`,
      ext: { 'ar-arca-tax-type': '7' },
    });
    // 1.00 × 0.5 % = 0.0050 twice: each is written 0.01 (and sent as a 0.01 Tributo), GOBL's
    // totals.charge is 0.0100 rounded once, 0.01.
    const result = calculate(
      [{ quantity: '1', price: '1.00', taxes: [{ cat: 'VAT', key: 'exempt' }] }],
      [perception('0.5'), perception('0.5')],
    );
    expect(result.charges.map((c) => c.amount)).toEqual(['0.01', '0.01']);
    expect(result).toMatchObject({ chargesTotal: '0.02', total: '1.02' });
    expect(result.gobl).toMatchObject({ charge: '0.01', total: '1.01', totalWithTax: '1.01' });
  });

  it('gives an exempt line of 0.00 its rate total, as GOBL does for every kind of line there is', () => {
    const result = calculate([
      { quantity: '1', price: '10', taxes: [{ cat: 'VAT', rate: 'general' }] },
      { quantity: '1', price: '0', taxes: [{ cat: 'VAT', key: 'exempt' }] },
    ]);
    expect(result.gobl.rates.map((r) => r.key)).toEqual(['standard', 'exempt']);
    expect(result.gobl.rates[1]).toEqual({ key: 'exempt', base: '0.00', amount: '0.00' });
  });

  it("writes each line as GOBL does: the price with two decimals at least, its amounts at the price's", () => {
    const result = calculate([
      { quantity: '2', price: '10' },
      { quantity: '3', price: '0.333', discounts: [{ amount: '0.1' }, { percent: '10%' }] },
    ]);
    expect(result.lines.map((l) => l.written)).toEqual([
      { price: '10.00', sum: '20.00', discounts: [], total: '20.00' },
      // 0.9990 − 0.10 − 0.0999 (10 %) = 0.7991, written at the price's three decimals.
      { price: '0.333', sum: '0.999', discounts: ['0.10', '0.100'], total: '0.799' },
    ]);
    expect(result.lines[1]).toMatchObject({ sum: '1.00', discount: '0.20', total: '0.80' });
  });

  it('names every line whose IVA it cannot read', () => {
    const result = calculateInvoice(
      invoice([
        { quantity: '1', price: '1', taxes: [{ cat: 'VAT', percent: '19%' }] },
        { quantity: '1', price: '1', taxes: [{ cat: 'VAT', rate: 'general', percent: '10.5%' }] },
        { quantity: '1', price: '1', taxes: [{ cat: 'VAT' }] },
        { quantity: '1', price: '1', discounts: [{ amount: '5' }] },
      ]),
    );
    expect(result).toEqual({
      ok: false,
      problems: [
        { path: 'lines[0].taxes[0].percent', code: 'vat_rate_unsupported' },
        { path: 'lines[1].taxes[0].percent', code: 'vat_rate_mismatch' },
        { path: 'lines[2].taxes[0].percent', code: 'required' },
        { path: 'lines[3].discounts', code: 'negative' },
      ],
    });
  });
});
