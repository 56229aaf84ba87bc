import { describe, expect, it } from 'vitest';
import { buildCtRequest } from '@/lib/arca';
import { buildInvoice, toCtVoucher, type InvoicingSupplier } from '@/lib/invoice-model';

// A Factura T built as GOBL's tourism example (gobl.ar.arca, examples/invoice-ar-arca-tourism.json)
// is: a hotel, a passport holder from Spain, two nights at 21 % with VAT included in the prices,
// tourism type 1 and item 1. Our own figures; GOBL's file is read below when it is shared beside us.
const supplier: InvoicingSupplier = { cuit: '30710151543', regime: 'responsable_inscripto' };
const tourism = (extra: Record<string, unknown> = {}) => ({
  $schema: 'https://gobl.org/draft-0/bill/invoice',
  $addons: ['ar-arca-v4'],
  issue_date: '2026-11-20',
  series: '3',
  tax: { prices_include: 'VAT', ext: { 'ar-arca-doc-type': '195', 'ar-arca-tourism-type': '1' } },
  supplier: { name: 'Hostería del Lago SA', tax_id: { country: 'AR', code: '30-71015154-3' } },
  customer: {
    name: 'Ana Souza',
    identities: [{ key: 'passport', code: 'FX 482913', ext: { 'ar-arca-identity-type': '94' } }],
    addresses: [{ street: 'Rua das Flores', num: '120', locality: 'Curitiba', country: 'BR' }],
  },
  lines: [
    {
      quantity: '3',
      item: { name: 'Habitación doble - noche', price: '72600.00' },
      taxes: [{ cat: 'VAT', rate: 'general', ext: { 'ar-arca-tourism-item': '2' } }],
    },
    {
      quantity: '1',
      item: { name: 'Noche adicional', price: '48400.00', ref: 'EXC-1' },
      taxes: [{ cat: 'VAT', rate: 'general', ext: { 'ar-arca-tourism-item': '5' } }],
    },
  ],
  ordering: { period: { start: '2026-11-16', end: '2026-11-20' } },
  payment: { terms: { key: 'due-date', due_dates: [{ date: '2026-11-20', percent: '100%' }] } },
  ...extra,
});

const built = (doc: Record<string, unknown>) => {
  const result = buildInvoice(doc, { regime: 'responsable_inscripto', today: '2026-11-20' });
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.value.doc;
};

describe('toCtVoucher', () => {
  it('maps a built Factura T: items with their tourism codes, IVA included, the refund, the passport', () => {
    expect(toCtVoucher(built(tourism()), supplier, 3)).toEqual({
      ok: true,
      value: {
        codigoTipoComprobante: 195,
        numeroPuntoVenta: 3,
        fechaEmision: '2026-11-20',
        codigoTipoAutorizacion: 'E',
        codigoTipoDocumento: 94,
        numeroDocumento: 'FX482913',
        idImpositivo: '5',
        codigoPais: 203,
        domicilioReceptor: 'Rua das Flores 120, Curitiba',
        codigoRelacionEmisorReceptor: 1,
        importeGravado: '220000.00',
        importeNoGravado: '0.00',
        importeExento: '0.00',
        importeReintegro: '-46200.00',
        importeTotal: '220000.00',
        codigoMoneda: 'PES',
        cotizacionMoneda: '1',
        arrayItems: [
          {
            tipo: 0,
            codigoTurismo: 2,
            descripcion: 'Habitación doble - noche',
            codigoAlicuotaIVA: 5,
            importeIVA: '37800.00',
            importeItem: '217800.00',
          },
          {
            tipo: 0,
            codigoTurismo: 5,
            codigo: 'EXC-1',
            descripcion: 'Noche adicional',
            codigoAlicuotaIVA: 5,
            importeIVA: '8400.00',
            importeItem: '48400.00',
          },
        ],
        arraySubtotalesIVA: [{ codigo: 5, importe: '46200.00' }],
      },
    });
  });

  it('prices without IVA: the item amounts add it; total = gravado + IVA + reintegro', () => {
    const doc = built(tourism({ tax: { ext: tourism().tax.ext } }));
    const result = toCtVoucher(doc, supplier, 3);
    expect(result.ok && result.value).toMatchObject({
      importeGravado: '266200.00',
      importeReintegro: '-55902.00',
      importeTotal: '266200.00',
      arraySubtotalesIVA: [{ codigo: 5, importe: '55902.00' }],
      arrayItems: [{ importeItem: '263538.00' }, { importeItem: '58564.00' }],
    });
  });

  it('takes the vat-refund charge GOBL builds when it is minus the IVA, and refuses any other amount', () => {
    const doc = built(tourism());
    const refund = (amount: string) => ({
      ...doc,
      charges: [{ i: 1, key: 'vat-refund', reason: 'Reintegro de IVA', amount }],
    });
    expect(toCtVoucher(refund('-46200.00'), supplier, 3).ok).toBe(true);
    expect(toCtVoucher(refund('-100.00'), supplier, 3)).toEqual({
      ok: false,
      problems: [{ path: 'charges[0].amount', code: 'tourism_refund_mismatch' }],
    });
  });

  it('reports every problem: not a T voucher, no tourism codes, a country without an ARCA code, no document', () => {
    const doc = tourism({
      tax: { ext: { 'ar-arca-doc-type': '6' } },
      customer: { name: 'Sin datos', addresses: [{ locality: 'Ulán Bator', country: 'MN' }] },
    });
    const result = toCtVoucher(doc, supplier, 3);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems.map((p) => `${p.path} ${p.code}`)).toEqual(
      expect.arrayContaining([
        'tax.ext.ar-arca-doc-type voucher_type_not_wsct',
        'tax.ext.ar-arca-tourism-type tourism_type_required',
        'customer customer_document_required',
        'customer.addresses[0].country tourism_country_unsupported',
      ]),
    );
  });

  it('credit note T: the preceding voucher as arrayComprobantesAsociados', () => {
    const doc = built(
      tourism({
        type: 'credit-note',
        tax: {
          prices_include: 'VAT',
          ext: { 'ar-arca-doc-type': '197', 'ar-arca-tourism-type': '1' },
        },
        preceding: [
          { series: '3', code: '12', issue_date: '2026-11-19', ext: { 'ar-arca-doc-type': '195' } },
        ],
      }),
    );
    const result = toCtVoucher(doc, supplier, 3);
    expect(result.ok && result.value.arrayComprobantesAsociados).toEqual([
      { codigoTipoComprobante: 195, numeroPuntoVenta: 3, numeroComprobante: 12 },
    ]);
  });
});

describe('buildCtRequest', () => {
  it('writes comprobanteRequest in the order of the recorded request, optional parts left out', () => {
    const result = toCtVoucher(built(tourism()), supplier, 3);
    if (!result.ok) throw new Error('unmapped');
    const xml = buildCtRequest({ ...result.value, numeroComprobante: 13 });
    const names = [...xml.matchAll(/<([A-Za-z]+)>/g)].map((m) => m[1]);
    const order = [
      'codigoTipoComprobante',
      'numeroPuntoVenta',
      'numeroComprobante',
      'fechaEmision',
      'codigoTipoAutorizacion',
      'codigoTipoDocumento',
      'numeroDocumento',
      'idImpositivo',
      'codigoPais',
      'domicilioReceptor',
      'codigoRelacionEmisorReceptor',
      'importeGravado',
      'importeNoGravado',
      'importeExento',
      'importeReintegro',
      'importeTotal',
      'codigoMoneda',
      'cotizacionMoneda',
      'arrayItems',
      'arraySubtotalesIVA',
    ];
    const topLevel = names.filter((n) => order.includes(n!));
    expect(topLevel.slice(0, order.length - 2)).toEqual(order.slice(0, -2));
    expect(names.indexOf('arrayItems')).toBeLessThan(names.indexOf('arraySubtotalesIVA'));
    expect(xml).toContain(
      '<item><tipo>0</tipo><codigoTurismo>2</codigoTurismo><descripcion>Habitación doble - noche</descripcion><codigoAlicuotaIVA>5</codigoAlicuotaIVA><importeIVA>37800.00</importeIVA><importeItem>217800.00</importeItem></item>',
    );
    expect(xml).toContain(
      '<arraySubtotalesIVA><subtotalIVA><codigo>5</codigo><importe>46200.00</importe></subtotalIVA></arraySubtotalesIVA>',
    );
    expect(xml).not.toContain('importeOtrosTributos');
    expect(xml).not.toContain('arrayOtrosTributos');
  });

  it('escapes text values', () => {
    const result = toCtVoucher(
      built(
        tourism({
          customer: {
            ...tourism().customer,
            addresses: [{ street: 'Av. <Sol> & Mar', locality: 'Rio', country: 'BR' }],
          },
        }),
      ),
      supplier,
      3,
    );
    if (!result.ok) throw new Error('unmapped');
    expect(buildCtRequest({ ...result.value, numeroComprobante: 1 })).toContain(
      '<domicilioReceptor>Av. &lt;Sol&gt; &amp; Mar, Rio</domicilioReceptor>',
    );
  });
});
