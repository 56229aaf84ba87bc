import { describe, expect, it } from 'vitest';
import { buildInvoice, parseInvoice } from '@/lib/invoice-model';

const valid = () => ({
  $schema: 'https://gobl.org/draft-0/bill/invoice',
  $addons: ['ar-arca-v4'],
  series: '3',
  issue_date: '2026-02-28',
  supplier: { name: 'Proveedor SRL', tax_id: { country: 'AR', code: '30710151543' } },
  customer: {
    name: 'Cliente',
    tax_id: { country: 'AR', code: '20120791827' },
    ext: { 'ar-arca-vat-status': '1' },
  },
  lines: [
    {
      quantity: '2',
      item: { name: 'Ítem', price: '10.5', key: 'goods' },
      taxes: [{ cat: 'VAT', rate: 'general' }],
    },
  ],
});

describe('parseInvoice', () => {
  it("accepts a GOBL invoice and fills GOBL's defaults", () => {
    const result = parseInvoice(valid());
    expect(result.ok).toBe(true);
    if (result.ok)
      expect(result.value).toMatchObject({ type: 'standard', currency: 'ARS', series: '3' });
  });

  it('takes amounts written as JSON numbers as written', () => {
    const invoice = valid();
    const result = parseInvoice({
      ...invoice,
      lines: [{ ...invoice.lines[0], quantity: 2, item: { name: 'x', price: 0.1 } }],
    });
    expect(result.ok && result.value.lines[0]).toMatchObject({
      quantity: '2',
      item: { price: '0.1' },
    });
  });

  it("names every bad and unknown field at once: GOBL's schema first, then our reading", () => {
    const invoice = valid();
    const result = buildInvoice(
      {
        ...invoice,
        $schema: 'https://gobl.org/draft-0/bill/order',
        series: '99999',
        issue_date: '2026-02-30',
        color: 'red',
        customer: { ...invoice.customer, ext: { 'ar-arca-vat-status': '2' } },
        lines: [
          { quantity: '0', item: { name: 'x', price: '1,5' } },
          {
            quantity: '1',
            item: { price: '-1', key: 'thing' },
            taxes: [{ cat: 'VAT', percent: '21' }],
            extra: true,
          },
        ],
        ordering: { period: { start: '2026-01-01' } },
      },
      { today: '2026-03-02' },
    );
    expect(result.ok).toBe(false);
    const problems = result.ok ? [] : result.problems;
    expect(problems).toEqual(
      expect.arrayContaining([
        { path: '$schema', code: 'invalid_value' },
        { path: 'series', code: 'series_range', rule: 'GOBL-AR-ARCA-BILL-INVOICE-02' },
        { path: 'issue_date', code: 'invalid_date' },
        { path: 'color', code: 'unknown_field' },
        { path: 'customer.ext.ar-arca-vat-status', code: 'invalid_value' },
        { path: 'lines[0].quantity', code: 'not_positive' },
        { path: 'lines[0].item.price', code: 'invalid_decimal' },
        { path: 'lines[1].item.name', code: 'required' },
        { path: 'lines[1].item.price', code: 'negative' },
        { path: 'lines[1].taxes[0].percent', code: 'invalid_percent' },
        { path: 'lines[1].extra', code: 'unknown_field' },
        { path: 'ordering.period.end', code: 'required' },
      ]),
    );
    expect(problems).toHaveLength(12);
  });

  it("keeps a client's code and every other field GOBL defines, as written", () => {
    const invoice = {
      ...valid(),
      code: 'A-0001',
      supplier: {
        ...valid().supplier,
        registration: { entry: '1234', book: '7' },
      },
      payment: { instructions: { key: 'credit-transfer' }, terms: { notes: 'Contado' } },
      meta: { 'pedido-interno': '77' },
      ordering: { code: 'OC-1' },
      tax: { prices_include: 'VAT' },
    };
    const result = buildInvoice(invoice, { today: '2026-03-02', regime: 'responsable_inscripto' });
    expect(result.ok).toBe(true);
    if (result.ok)
      expect(result.value.doc).toMatchObject({
        code: 'A-0001',
        supplier: { registration: { entry: '1234', book: '7' } },
        payment: { instructions: { key: 'credit-transfer' }, terms: { notes: 'Contado' } },
        meta: { 'pedido-interno': '77' },
        ordering: { code: 'OC-1' },
        tax: { prices_include: 'VAT' },
      });
  });

  it('refuses a document that is not an object, and one without lines', () => {
    expect(parseInvoice('x')).toEqual({
      ok: false,
      problems: [{ path: '', code: 'invalid_type' }],
    });
    const result = parseInvoice({ ...valid(), lines: [] });
    expect(result).toEqual({ ok: false, problems: [{ path: 'lines', code: 'too_few' }] });
  });

  it("builds a document without the ar-arca-v4 addon as GOBL does, without the addon's extensions", () => {
    const result = buildInvoice({ ...valid(), $addons: ['es-tbai-v1'] }, { today: '2026-03-02' });
    expect(result.ok && result.value.addon).toBe(false);
    expect(result.ok && result.value.doc.tax).toBeUndefined();
  });
});
