import { describe, expect, it } from 'vitest';
import {
  buildInvoice,
  dateOutsideWindow,
  MAX_INVOICE_LINES,
  toFeVoucher,
  type InvoicingSupplier,
} from '@/lib/invoice-model';
import { problemArcaCodes, problemFields } from '@/lib/invoices/entry-problems';

const supplier: InvoicingSupplier = { cuit: '30710151543', regime: 'responsable_inscripto' };
const line = (quantity: string) => ({
  quantity,
  item: { name: 'Caja', price: '100', key: 'goods' },
  taxes: [{ cat: 'VAT', rate: 'general' }],
});
const invoice = (lines: unknown[]) => ({
  $schema: 'https://gobl.org/draft-0/bill/invoice',
  $addons: ['ar-arca-v4'],
  issue_date: '2026-03-05',
  series: '1',
  supplier: { name: 'Proveedor SRL', tax_id: { country: 'AR', code: '30710151543' } },
  customer: { name: 'Cliente SA', tax_id: { country: 'AR', code: '20120791827' } },
  lines,
});

describe("ARCA's amount format (13 integer digits, 2 decimals)", () => {
  it('the largest amount ARCA takes goes through', () => {
    // 82,644,628,099.17 × 100 + 21 % IVA = 9,999,999,999,999.57: 13 integer digits.
    const result = toFeVoucher(invoice([line('82644628099.17')]), supplier, 1);
    expect(result.ok && result.value.ImpTotal).toBe('9999999999999.57');
  });

  it('a larger total is refused naming the totals, before ARCA or the QR sees it', () => {
    const result = toFeVoucher(invoice([line('9'.repeat(100))]), supplier, 1);
    expect(result).toEqual({
      ok: false,
      problems: [
        { path: 'totals.total_with_tax', code: 'amount_too_large' },
        { path: 'totals.sum', code: 'amount_too_large' },
        { path: 'totals.tax', code: 'amount_too_large' },
        { path: 'totals.taxes', code: 'amount_too_large' },
      ],
    });
  });
});

describe('the line cap', () => {
  it(`${MAX_INVOICE_LINES} lines are built; one more is refused at once`, () => {
    const lines = Array.from({ length: MAX_INVOICE_LINES }, () => line('1'));
    expect(buildInvoice(invoice(lines), { today: '2026-03-05' }).ok).toBe(true);
    expect(buildInvoice(invoice([...lines, line('1')]), { today: '2026-03-05' })).toEqual({
      ok: false,
      problems: [{ path: 'lines', code: 'too_many_lines' }],
    });
  });
});

describe("ARCA's date window", () => {
  it('goods N±5, services N±10 around the sending day', () => {
    const goods = (CbteFch: string) => dateOutsideWindow({ CbteFch, Concepto: 1 }, '2026-11-28');
    const services = (CbteFch: string) => dateOutsideWindow({ CbteFch, Concepto: 2 }, '2026-11-28');
    expect(goods('20261123')).toBeNull();
    expect(goods('20261203')).toBeNull();
    expect(goods('20261122')).toEqual({ days: -6, window: 5 });
    expect(goods('20261204')).toEqual({ days: 6, window: 5 });
    expect(services('20261122')).toBeNull();
    expect(services('20261117')).toEqual({ days: -11, window: 10 });
    expect(services('20261209')).toEqual({ days: 11, window: 10 });
  });
});

describe('problems name the ARCA rejection they prevent', () => {
  it('in the sentence and in arca_codes', () => {
    const problems = [
      { field: 'data.customer.tax_id.code', code: 'type_a_needs_cuit' as const },
      { field: 'data.lines', code: 'too_many_lines' as const },
    ];
    expect(problemFields(problems)['data.customer.tax_id.code']).toMatch(
      /^type_a_needs_cuit \(ARCA 10013\): /,
    );
    expect(problemArcaCodes(problems)).toEqual({ 'data.customer.tax_id.code': 10013 });
  });
});
