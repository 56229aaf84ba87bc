import { describe, expect, it } from 'vitest';
import { toFeVoucher, type InvoicingSupplier } from '@/lib/invoice-model';

const supplier: InvoicingSupplier = { cuit: '30710151543', regime: 'responsable_inscripto' };
const invoice = (extra: Record<string, unknown> = {}) => ({
  $schema: 'https://gobl.org/draft-0/bill/invoice',
  $addons: ['ar-arca-v4'],
  issue_date: '2026-03-05',
  supplier: { name: 'Proveedor SRL', tax_id: { country: 'AR', code: '30-71015154-3' } },
  lines: [
    {
      quantity: '2',
      item: { name: 'Caja', price: '100', key: 'goods' },
      taxes: [{ cat: 'VAT', rate: 'general' }],
    },
  ],
  ...extra,
});

describe('toFeVoucher', () => {
  it('Factura B to a final consumer without a document: DocTipo 99, DocNro 0, CondicionIVAReceptorId 5', () => {
    expect(toFeVoucher(invoice(), supplier, 7)).toEqual({
      ok: true,
      value: {
        PtoVta: 7,
        CbteTipo: 6,
        Concepto: 1,
        DocTipo: 99,
        DocNro: '0',
        CbteFch: '20260305',
        ImpTotal: '242.00',
        ImpTotConc: '0.00',
        ImpNeto: '200.00',
        ImpOpEx: '0.00',
        ImpTrib: '0.00',
        ImpIVA: '42.00',
        MonId: 'PES',
        MonCotiz: '1',
        CondicionIVAReceptorId: 5,
        Iva: [{ Id: 5, BaseImp: '200.00', Importe: '42.00' }],
      },
    });
  });

  it("in dollars: DOL with the invoice's exchange rate as MonCotiz, amounts in dollars", () => {
    const result = toFeVoucher(
      invoice({ currency: 'USD', exchange_rates: [{ from: 'USD', to: 'ARS', amount: '1045.50' }] }),
      supplier,
      7,
    );
    expect(result.ok && result.value).toMatchObject({
      MonId: 'DOL',
      MonCotiz: '1045.5',
      ImpTotal: '242.00',
    });
    expect(toFeVoucher(invoice({ currency: 'USD' }), supplier, 7)).toEqual({
      ok: false,
      problems: [{ path: 'exchange_rates', code: 'exchange_rate_required' }],
    });
    expect(toFeVoucher(invoice({ currency: 'EUR' }), supplier, 7)).toEqual({
      ok: false,
      problems: [{ path: 'currency', code: 'currency_unsupported' }],
    });
  });

  it('type C: no Iva, ImpIVA 0, ImpNeto the whole amount; IVA on a line is refused', () => {
    const mono: InvoicingSupplier = { ...supplier, regime: 'monotributista' };
    const customer = { name: 'Cliente', tax_id: { country: 'AR', code: '20120791827' } };
    const plain = invoice({
      customer,
      lines: [{ quantity: '3', item: { name: 'Caja', price: '33.335', key: 'goods' } }],
    });
    const result = toFeVoucher(plain, mono, 1);
    expect(result.ok && result.value).toMatchObject({
      CbteTipo: 11,
      ImpNeto: '100.01',
      ImpIVA: '0.00',
      ImpTotal: '100.01',
      CondicionIVAReceptorId: 1,
    });
    expect(result.ok && result.value).not.toHaveProperty('Iva');
    expect(toFeVoucher(invoice({ customer }), mono, 1)).toEqual({
      ok: false,
      problems: [{ path: 'lines[0].taxes', code: 'type_c_line_taxes' }],
    });
  });

  it('answers every problem at once, each naming its field', () => {
    const result = toFeVoucher(
      invoice({
        type: 'credit-note',
        series: '8',
        supplier: { name: 'Otro', tax_id: { country: 'AR', code: '20120791827' } },
        tax: { ext: { 'ar-arca-concept': '2' } },
        lines: [
          { quantity: '1', item: { name: 'Caja', price: '10', key: 'goods' } },
          {
            quantity: '1',
            item: { name: 'Caja', price: '10', key: 'goods' },
            taxes: [{ cat: 'VAT', percent: '19%' }],
          },
        ],
        payment: { terms: { due_dates: [{ date: '2026-04-01' }] } },
      }),
      supplier,
      7,
    );
    expect(result).toEqual({
      ok: false,
      problems: [
        { path: 'supplier.tax_id.code', code: 'supplier_cuit_mismatch' },
        { path: 'series', code: 'series_mismatch' },
        { path: 'tax.ext.ar-arca-concept', code: 'concept_mismatch' },
        { path: 'payment.terms.due_dates', code: 'goods_due_date_not_allowed' },
        { path: 'preceding', code: 'preceding_required' },
        { path: 'lines[0].taxes', code: 'vat_required' },
        { path: 'lines[1].taxes[0].percent', code: 'vat_rate_unsupported' },
      ],
    });
  });

  it('refuses a point of sale out of range, a reversed period, a standard invoice with preceding', () => {
    expect(toFeVoucher(invoice(), supplier, 0)).toEqual({
      ok: false,
      problems: [{ path: 'series', code: 'series_range' }],
    });
    const services = invoice({
      lines: [
        {
          quantity: '1',
          item: { name: 'Hora', price: '10' },
          taxes: [{ cat: 'VAT', rate: 'general' }],
        },
      ],
      ordering: { period: { start: '2026-03-31', end: '2026-03-01' } },
      payment: { terms: { due_dates: [{ date: '2026-04-10' }] } },
      preceding: [{ series: '7', code: '12', ext: { 'ar-arca-doc-type': '6' } }],
    });
    expect(toFeVoucher(services, supplier, 7)).toEqual({
      ok: false,
      problems: [
        { path: 'ordering.period.end', code: 'period_reversed' },
        { path: 'preceding', code: 'preceding_not_allowed' },
      ],
    });
  });

  it('a Nota de Crédito B carries its CbtesAsoc, with the supplier and date when the preceding invoice has a date', () => {
    const result = toFeVoucher(
      invoice({
        type: 'credit-note',
        preceding: [
          { series: '7', code: '12', issue_date: '2026-03-01', ext: { 'ar-arca-doc-type': '6' } },
        ],
      }),
      supplier,
      7,
    );
    expect(result.ok && result.value).toMatchObject({
      CbteTipo: 8,
      CbtesAsoc: [{ Tipo: 6, PtoVta: 7, Nro: 12, Cuit: '30710151543', CbteFch: '20260301' }],
    });
  });
});
