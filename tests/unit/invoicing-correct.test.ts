import { describe, expect, it } from 'vitest';
import { correctInvoiceDocument } from '@/lib/invoice-model';

const sent = (docType: string, extra: Record<string, unknown> = {}) => ({
  $schema: 'https://gobl.org/draft-0/bill/invoice',
  uuid: '0190d1b6-0000-7000-8000-000000000001',
  type: 'standard',
  series: '2',
  code: '124',
  issue_date: '2026-11-02',
  supplier: { name: 'Proveedor SA', tax_id: { country: 'AR', code: '30712345671' } },
  lines: [{ i: 1, quantity: '1', item: { name: 'Pan', price: '10' }, sum: '10.00' }],
  tax: { ext: { 'ar-arca-doc-type': docType, 'ar-arca-concept': '1' } },
  totals: { payable: '12.10' },
  ...extra,
});

describe("GOBL's correction for Argentina (correctInvoiceDocument)", () => {
  it('makes the note of the same class, naming the original in preceding, without its number or totals', () => {
    const result = correctInvoiceDocument(
      sent('1', { payment: { advances: [{ amount: '5' }], terms: { key: 'instant' } } }),
      { type: 'credit-note', reason: 'Devolución', stamps: [{ prv: 'arca-cae', val: '1' }] },
      '2026-11-28',
    );
    expect(result).toEqual({
      ok: true,
      doc: {
        $schema: 'https://gobl.org/draft-0/bill/invoice',
        type: 'credit-note',
        series: '2',
        issue_date: '2026-11-28',
        supplier: { name: 'Proveedor SA', tax_id: { country: 'AR', code: '30712345671' } },
        lines: [{ i: 1, quantity: '1', item: { name: 'Pan', price: '10' }, sum: '10.00' }],
        tax: { ext: { 'ar-arca-doc-type': '3', 'ar-arca-concept': '1' } },
        payment: { terms: { key: 'instant' } },
        preceding: [
          {
            uuid: '0190d1b6-0000-7000-8000-000000000001',
            type: 'standard',
            series: '2',
            code: '124',
            issue_date: '2026-11-02',
            reason: 'Devolución',
            stamps: [{ prv: 'arca-cae', val: '1' }],
            ext: { 'ar-arca-doc-type': '1' },
          },
        ],
      },
    });
  });

  it.each([
    ['6', 'credit-note', '8'],
    ['6', 'debit-note', '7'],
    ['11', 'credit-note', '13'],
    ['11', 'debit-note', '12'],
    ['1', 'debit-note', '2'],
    ['3', 'debit-note', '2'],
  ] as const)('doc type %s, %s → %s', (from, type, to) => {
    const result = correctInvoiceDocument(sent(from), { type, series: '5' }, '2026-11-28');
    expect(result.ok && result.doc).toMatchObject({
      type,
      series: '5',
      tax: { ext: { 'ar-arca-doc-type': to } },
      preceding: [{ series: '2', ext: { 'ar-arca-doc-type': from } }],
    });
  });

  it('refuses an invoice ARCA never numbered, and a voucher with no notes', () => {
    const { code: _code, ...unsent } = sent('6');
    expect(correctInvoiceDocument(unsent, { type: 'credit-note' }, '2026-11-28')).toEqual({
      ok: false,
      problems: [{ path: 'code', code: 'not_sent' }],
    });
    expect(correctInvoiceDocument(sent('49'), { type: 'credit-note' }, '2026-11-28')).toEqual({
      ok: false,
      problems: [{ path: 'tax.ext.ar-arca-doc-type', code: 'doc_type_unsupported' }],
    });
  });
});
