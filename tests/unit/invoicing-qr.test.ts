import { describe, expect, it } from 'vitest';
import type { FeVoucher } from '@/lib/arca';
import { arcaQrPayload, ARCA_QR_URL } from '@/lib/invoice-model';

const voucher: FeVoucher = {
  PtoVta: 10,
  CbteTipo: 1,
  Concepto: 1,
  DocTipo: 80,
  DocNro: '20120791827',
  CbteFch: '20261013',
  ImpTotal: '12100.50',
  ImpTotConc: '0.00',
  ImpNeto: '10000.41',
  ImpOpEx: '0.00',
  ImpTrib: '0.00',
  ImpIVA: '2100.09',
  MonId: 'DOL',
  MonCotiz: '1045.5',
  CondicionIVAReceptorId: 1,
};

const decode = (url: string) => {
  expect(url.startsWith(ARCA_QR_URL)).toBe(true);
  return JSON.parse(
    Buffer.from(url.slice(ARCA_QR_URL.length), 'base64').toString('utf8'),
  ) as Record<string, unknown>;
};

describe('arcaQrPayload', () => {
  it("encodes ARCA's version-1 JSON after https://www.afip.gob.ar/fe/qr/?p=", () => {
    expect(ARCA_QR_URL).toBe('https://www.afip.gob.ar/fe/qr/?p=');
    expect(
      decode(arcaQrPayload({ voucher, cuit: '30710151543', number: 94, cae: '70417054367476' })),
    ).toEqual({
      ver: 1,
      fecha: '2026-10-13',
      cuit: 30710151543,
      ptoVta: 10,
      tipoCmp: 1,
      nroCmp: 94,
      importe: 12100.5,
      moneda: 'DOL',
      ctz: 1045.5,
      tipoDocRec: 80,
      nroDocRec: 20120791827,
      tipoCodAut: 'E',
      codAut: 70417054367476,
    });
  });

  it("leaves out the customer's document for a final consumer without one", () => {
    const payload = decode(
      arcaQrPayload({
        voucher: { ...voucher, DocTipo: 99, DocNro: '0', MonId: 'PES', MonCotiz: '1' },
        cuit: '30710151543',
        number: 1,
        cae: '1',
      }),
    );
    expect(payload).not.toHaveProperty('tipoDocRec');
    expect(payload).not.toHaveProperty('nroDocRec');
    expect(payload).toMatchObject({ moneda: 'PES', ctz: 1, nroCmp: 1 });
  });
});

describe('arcaQrPayload amounts', () => {
  it('writes the amount and exchange rate from their decimal text, never through a float', () => {
    const url = arcaQrPayload({
      voucher: { ...voucher, ImpTotal: '9999999999999.99', MonCotiz: '1045.123456' },
      cuit: '30710151543',
      number: 1,
      cae: '70417054367476',
    });
    const json = Buffer.from(url.slice(ARCA_QR_URL.length), 'base64').toString('utf8');
    expect(json).toContain('"importe":9999999999999.99,');
    expect(json).toContain('"ctz":1045.123456,');
    expect(() => JSON.parse(json)).not.toThrow();
  });
});
