import { describe, expect, it } from 'vitest';
import { voucherLayout, type VoucherLayout } from '@/lib/invoice-print';
import { invoiceDetail } from '../support/invoice-detail';
import {
  approved,
  facturaA,
  facturaBFinalConsumer,
  facturaC,
  withPricesIncludingVat,
} from '../support/voucher-docs';

const values = (fields: { label: string; value: string }[]) =>
  Object.fromEntries(fields.map((f) => [f.label, f.value]));
const text = (layout: VoucherLayout) => JSON.stringify(layout);

describe('voucherLayout: what the printed voucher says', () => {
  it('Factura A: net prices with each line’s rate, neto gravado and IVA per rate, the supplier’s RG 1415 data', () => {
    const invoice = invoiceDetail(facturaA, { regime: 'responsable_inscripto', approved });
    const layout = voucherLayout(invoice, { locale: 'es', environment: 'live' });
    expect(layout.letter).toBe('A');
    expect(layout.code).toBe('COD. 001');
    expect(layout.voucherName).toBe('Factura');
    expect(layout.number).toBe('0002-00000001');
    expect(values(layout.heading)).toEqual({
      'Punto de venta:': '0002',
      'Comp. Nro:': '00000001',
      'Fecha de emisión:': '28/11/2026',
    });
    expect(values(layout.supplier.fields)).toEqual({
      'Razón social:': 'Facturas Güemes SRL',
      'Domicilio comercial:':
        'Av. Corrientes 1234, Buenos Aires, Ciudad Autónoma de Buenos Aires (C1043)',
      'Condición frente al IVA:': 'IVA Responsable Inscripto',
    });
    expect(values(layout.supplier.taxFields)).toEqual({
      'CUIT:': '30-71234567-1',
      'Ingresos Brutos:': '901-123456-7',
      'Fecha de inicio de actividades:': '01/03/2015',
    });
    expect(values(layout.customer.fields)).toMatchObject({
      'Apellido y nombre / Razón social:': 'Cliente Comercial SRL',
      'CUIT:': '30-98765432-1',
      'Condición frente al IVA:': 'IVA Responsable Inscripto',
      'Domicilio:': 'Av. Santa Fe 2500, Buenos Aires',
    });
    expect(layout.lines.columns.map((c) => c.label)).toEqual([
      'Código',
      'Producto / Servicio',
      'Cantidad',
      'U. medida',
      'Precio unit.',
      'Bonif.',
      'Subtotal',
      'Alícuota IVA',
      'Subtotal c/IVA',
    ]);
    expect(layout.lines.rows[0]).toEqual([
      'MATE-01',
      'Caja de mate',
      '2',
      'unit',
      '$ 1.000,00',
      '—',
      '$ 2.000,00',
      '21 %',
      '$ 2.420,00',
    ]);
    expect(layout.lines.rows[1]!.slice(4)).toEqual([
      '$ 500,00',
      '$ 50,00',
      '$ 450,00',
      '10,5 %',
      '$ 497,25',
    ]);
    expect(values(layout.totals.fields)).toEqual({
      'Importe neto gravado:': '$ 2.450,00',
      'IVA 21 %:': '$ 420,00',
      'IVA 10,5 %:': '$ 47,25',
    });
    expect(layout.totals.total).toEqual({ label: 'Importe total:', value: '$ 2.917,25' });
    expect(layout.transparency).toBeNull();
    expect(layout.sandbox).toBeNull();
    expect(layout.notAuthorised).toBeNull();
    expect(values(layout.authorisation!.fields)).toEqual({
      'CAE N°:': '76123456789012',
      'Fecha de vto. de CAE:': '08/12/2026',
    });
    expect(layout.authorisation!.qrUrl).toMatch(/\/fe\/qr\/\?p=/);
    expect(layout.fileName).toBe('factura-A-0002-00000001.pdf');
  });

  it('Factura B to a final consumer: prices with IVA, and Ley 27.743’s box with the IVA contenido (RG 5614)', () => {
    const invoice = invoiceDetail(facturaBFinalConsumer, {
      regime: 'responsable_inscripto',
      approved,
    });
    const layout = voucherLayout(invoice, { locale: 'es', environment: 'live' });
    expect(layout.letter).toBe('B');
    expect(layout.code).toBe('COD. 006');
    expect(values(layout.customer.fields)).toEqual({
      'Apellido y nombre / Razón social:': 'Consumidor final',
      'Condición frente al IVA:': 'Consumidor Final',
    });
    const columns = layout.lines.columns.map((c) => c.label);
    expect(columns).toContain('Precio unit. c/IVA');
    expect(columns).not.toContain('Alícuota IVA');
    expect(layout.lines.rows[0]).toContain('$ 1.210,00');
    expect(values(layout.totals.fields)).toEqual({ 'Subtotal:': '$ 2.917,25' });
    expect(text(layout)).not.toMatch(/IVA 21/);
    expect(layout.transparency).toEqual({
      title: 'Régimen de Transparencia Fiscal al Consumidor (Ley 27.743)',
      fields: [{ label: 'IVA contenido:', value: '$ 467,25' }],
    });
    expect(layout.fileName).toBe('factura-B-0002-00000001.pdf');
  });

  it('prices given with IVA (tax.prices_include) print as the same invoice given net: A net of IVA, B with it', () => {
    for (const doc of [facturaA, facturaBFinalConsumer]) {
      const layoutOf = (d: Record<string, unknown>) =>
        voucherLayout(invoiceDetail(d, { regime: 'responsable_inscripto', approved }), {
          locale: 'es',
          environment: 'live',
        });
      const net = layoutOf(doc);
      const gross = layoutOf(withPricesIncludingVat(doc));
      expect(gross.lines).toEqual(net.lines);
      expect(gross.totals).toEqual(net.totals);
      expect(gross.transparency).toEqual(net.transparency);
    }
    const a = voucherLayout(
      invoiceDetail(withPricesIncludingVat(facturaA), {
        regime: 'responsable_inscripto',
        approved,
      }),
      { locale: 'es', environment: 'live' },
    );
    // 552.50 with 10.5 % IVA is 500.00 net; its 10 % discount 55.25 is 50.00 net.
    expect(a.lines.rows[1]!.slice(4)).toEqual([
      '$ 500,00',
      '$ 50,00',
      '$ 450,00',
      '10,5 %',
      '$ 497,25',
    ]);
  });

  it('Factura B with national indirect taxes names them under «Otros impuestos nacionales indirectos»', () => {
    const invoice = invoiceDetail(
      {
        ...facturaBFinalConsumer,
        charges: [
          { key: 'tax', amount: '30', reason: 'Internos', ext: { 'ar-arca-tax-type': '4' } },
        ],
      },
      { regime: 'responsable_inscripto', approved },
    );
    const layout = voucherLayout(invoice, { locale: 'es', environment: 'live' });
    expect(values(layout.transparency!.fields)).toEqual({
      'IVA contenido:': '$ 467,25',
      'Otros impuestos nacionales indirectos:': '$ 30,00',
    });
    expect(values(layout.totals.fields)).toMatchObject({ 'Importe otros tributos:': '$ 30,00' });
  });

  it('Factura C (monotributo): no IVA breakdown, no IVA column, no transparency box; service period and due date', () => {
    const invoice = invoiceDetail(facturaC, { regime: 'monotributista', approved });
    const layout = voucherLayout(invoice, { locale: 'es', environment: 'live' });
    expect(layout.letter).toBe('C');
    expect(layout.code).toBe('COD. 011');
    expect(text(layout)).not.toMatch(/IVA \d|Alícuota|c\/IVA|IVA contenido|neto gravado/);
    expect(values(layout.supplier.fields)['Condición frente al IVA:']).toBe(
      'Responsable Monotributo',
    );
    expect(values(layout.customer.fields)).toMatchObject({ 'DNI:': '20123456' });
    expect(values(layout.totals.fields)).toEqual({ 'Subtotal:': '$ 24.000,00' });
    expect(layout.transparency).toBeNull();
    expect(values(layout.terms.fields)).toEqual({
      'Período facturado:': 'del 01/11/2026 al 30/11/2026',
      'Fecha de vto. para el pago:': '10/12/2026',
    });
  });

  it('homologación: «Comprobante de prueba — sin validez fiscal»; unsent: «Comprobante no autorizado», no CAE', () => {
    const sandbox = voucherLayout(
      invoiceDetail(facturaBFinalConsumer, { regime: 'responsable_inscripto', approved }),
      { locale: 'es', environment: 'sandbox' },
    );
    expect(sandbox.sandbox?.title).toBe('Comprobante de prueba — sin validez fiscal');
    const unsent = voucherLayout(
      invoiceDetail(facturaBFinalConsumer, { regime: 'responsable_inscripto' }),
      { locale: 'es', environment: 'live' },
    );
    expect(unsent.notAuthorised?.title).toBe('Comprobante no autorizado');
    expect(unsent.authorisation).toBeNull();
    expect(unsent.number).toBeNull();
    expect(values(unsent.heading)['Comp. Nro:']).toBe('Sin numerar');
  });

  it('English: dd/mm/yyyy unless date_format says otherwise; Spanish always dd/mm/aaaa', () => {
    const invoice = invoiceDetail(facturaA, { regime: 'responsable_inscripto', approved });
    const en = voucherLayout(invoice, { locale: 'en', environment: 'sandbox' });
    expect(values(en.heading)['Issue date:']).toBe('28/11/2026');
    expect(en.sandbox?.title).toBe('Test voucher — no fiscal validity');
    expect(en.fileName).toBe('invoice-A-0002-00000001.pdf');
    expect(en.totals.total.value).toBe('ARS 2,917.25');
    const iso = voucherLayout(invoice, {
      locale: 'en',
      environment: 'live',
      dateFormat: '%Y-%m-%d',
    });
    expect(values(iso.heading)['Issue date:']).toBe('2026-11-28');
    expect(values(iso.authorisation!.fields)['CAE expiry date:']).toBe('2026-12-08');
    const es = voucherLayout(invoice, {
      locale: 'es',
      environment: 'live',
      dateFormat: '%Y-%m-%d',
    });
    expect(values(es.heading)['Fecha de emisión:']).toBe('28/11/2026');
  });
});
