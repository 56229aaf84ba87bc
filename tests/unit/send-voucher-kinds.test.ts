import { describe, expect, it } from 'vitest';
import type { ConsultedCtVoucher, CtVoucher } from '@/lib/arca';
import { buildInvoice, ctQrPayload, ARCA_QR_URL } from '@/lib/invoice-model';
import { isSameCtVoucher } from '@/lib/invoices/same-voucher';
import {
  ctSend,
  numberedCt,
  numberedSendVoucherSchema,
  sendVoucherSchema,
  serviceOf,
  toSendVoucher,
} from '@/lib/invoices/send-voucher-kinds';

const supplier = { cuit: '30710151543', regime: 'responsable_inscripto' as const };
const ct: CtVoucher = {
  codigoTipoComprobante: 195,
  numeroPuntoVenta: 5,
  fechaEmision: '2026-11-28',
  codigoTipoAutorizacion: 'E',
  codigoTipoDocumento: 94,
  numeroDocumento: 'FX482913',
  idImpositivo: '5',
  codigoPais: 203,
  domicilioReceptor: 'Rua das Flores 120, Curitiba',
  codigoRelacionEmisorReceptor: 1,
  importeGravado: '100000.00',
  importeNoGravado: '0.00',
  importeExento: '0.00',
  importeReintegro: '-21000.00',
  importeTotal: '100000.00',
  codigoMoneda: 'PES',
  cotizacionMoneda: '1',
  arrayItems: [
    {
      tipo: 0,
      codigoTurismo: 2,
      descripcion: 'Habitación doble - noche',
      codigoAlicuotaIVA: 5,
      importeIVA: '21000.00',
      importeItem: '121000.00',
    },
  ],
  arraySubtotalesIVA: [{ codigo: 5, importe: '21000.00' }],
};
const decode = (url: string) =>
  JSON.parse(Buffer.from(url.slice(ARCA_QR_URL.length), 'base64').toString()) as unknown;

describe('the vouchers a send carries', () => {
  it('maps a Factura T to WSCT, with the header the protocol numbers it by derived from it', () => {
    const doc = (docType: string) =>
      buildInvoice(
        {
          $schema: 'https://gobl.org/draft-0/bill/invoice',
          $addons: ['ar-arca-v4'],
          series: '5',
          issue_date: '2026-11-28',
          tax: { ext: { 'ar-arca-doc-type': docType, 'ar-arca-tourism-type': '1' } },
          supplier: { name: 'Hostería SA', tax_id: { country: 'AR', code: supplier.cuit } },
          customer: {
            name: 'Ana Souza',
            identities: [{ code: 'FX 482913', ext: { 'ar-arca-identity-type': '94' } }],
            addresses: [
              { street: 'Rua das Flores', num: '120', locality: 'Curitiba', country: 'BR' },
            ],
          },
          lines: [
            {
              quantity: '2',
              item: { name: 'Habitación doble - noche', price: '50000.00' },
              taxes: [{ cat: 'VAT', rate: 'general', ext: { 'ar-arca-tourism-item': '2' } }],
            },
          ],
        },
        { regime: supplier.regime, today: '2026-11-28' },
      );
    const built = doc('195');
    if (!built.ok) throw new Error(JSON.stringify(built.problems));
    const mapped = toSendVoucher(built.value.doc, supplier, 5);
    expect(mapped).toMatchObject({
      ok: true,
      value: { service: 'wsct', PtoVta: 5, CbteTipo: 195, CbteFch: '20261128' },
    });
    if (!mapped.ok) return;
    expect(serviceOf(mapped.value)).toBe('wsct');
    expect(mapped.value).toEqual(ctSend(ct));
  });

  it('reads a stored Factura T back only when its header agrees with the WSCT voucher it carries', () => {
    const numbered = { ...ctSend(ct), CbteNro: 7 };
    expect(numberedSendVoucherSchema.safeParse(numbered)).toMatchObject({ success: true });
    expect(numberedCt(numbered)).toEqual({ ...ct, numeroComprobante: 7 });
    expect(sendVoucherSchema.safeParse(ctSend(ct))).toMatchObject({ success: true });
    for (const wrong of [{ PtoVta: 6 }, { CbteTipo: 196 }, { CbteFch: '20261127' }])
      expect(numberedSendVoucherSchema.safeParse({ ...numbered, ...wrong }).success).toBe(false);
    expect(
      numberedSendVoucherSchema.safeParse({ ...numbered, ct: { ...ct, extra: 1 } }).success,
    ).toBe(false);
  });

  it('WSCT holds the voucher sent: amounts as ARCA writes them compare by value, any other field differs', () => {
    const sent = { ...ct, numeroComprobante: 7 };
    const held: ConsultedCtVoucher = {
      ...sent,
      cotizacionMoneda: '1.000000',
      importeTotal: '100000',
      codigoAutorizacion: '71234567890123',
      fechaVencimiento: '2026-12-08',
    };
    expect(isSameCtVoucher(held, sent)).toBe(true);
    expect(isSameCtVoucher({ ...held, importeTotal: '100000.01' }, sent)).toBe(false);
    expect(isSameCtVoucher({ ...held, numeroDocumento: 'FX482914' }, sent)).toBe(false);
    expect(isSameCtVoucher({ ...held, observaciones: 'otra' }, sent)).toBe(false);
  });

  it("ARCA's QR of a Factura T: WSCT's total and currency; a passport's letters leave the document out", () => {
    const qr = (voucher: CtVoucher) =>
      decode(ctQrPayload({ voucher, cuit: supplier.cuit, number: 7, cae: '71234567890123' }));
    expect(qr(ct)).toEqual({
      ver: 1,
      fecha: '2026-11-28',
      cuit: 30710151543,
      ptoVta: 5,
      tipoCmp: 195,
      nroCmp: 7,
      importe: 100000,
      moneda: 'PES',
      ctz: 1,
      tipoCodAut: 'E',
      codAut: 71234567890123,
    });
    expect(qr({ ...ct, codigoTipoDocumento: 80, numeroDocumento: '20123456786' })).toMatchObject({
      tipoDocRec: 80,
      nroDocRec: 20123456786,
    });
  });
});
