import { describe, expect, it } from 'vitest';
import {
  getCtVoucher,
  getLastCtAuthorized,
  parseCtAuthorizeResponse,
  parseCtLastAuthorized,
  parseCtVoucher,
  requestCtCae,
  type NumberedCtVoucher,
} from '@/lib/arca';

// Answers in the shape pyafipws recorded from WSCT homologación (reingart/pyafipws,
// tests/cassettes/test_wsct, 2021): JBoss's S:Envelope, the `info` header, ns2:{method}Response.
// Values are ours; no file of that corpus is in ../shared/afip, so none is read here.
const answer = (method: string, ret: string, inner: string) =>
  `<?xml version='1.0' encoding='UTF-8'?><S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Header><info xmlns="https://ar.gob.afip.wsct/CTService/"><ambiente>Testing - VII</ambiente><fecha>2026-11-20 10:00:00</fecha></info></S:Header><S:Body><ns2:${method}Response xmlns:ns2="http://ar.gob.afip.wsct/CTService/"><${ret}>${inner}</${ret}></ns2:${method}Response></S:Body></S:Envelope>`;

const voucher: NumberedCtVoucher = {
  codigoTipoComprobante: 195,
  numeroPuntoVenta: 4000,
  numeroComprobante: 7,
  fechaEmision: '2026-11-20',
  codigoTipoAutorizacion: 'E',
  codigoTipoDocumento: 94,
  numeroDocumento: 'X1234567',
  idImpositivo: '9',
  codigoPais: 203,
  domicilioReceptor: 'Rua 1, Recife',
  codigoRelacionEmisorReceptor: 1,
  importeGravado: '100.00',
  importeNoGravado: '0.00',
  importeExento: '0.00',
  importeReintegro: '-21.00',
  importeTotal: '100.00',
  codigoMoneda: 'PES',
  cotizacionMoneda: '1',
  arrayItems: [
    {
      tipo: 0,
      codigoTurismo: 1,
      descripcion: 'Noche',
      codigoAlicuotaIVA: 5,
      importeIVA: '21.00',
      importeItem: '121.00',
    },
  ],
  arraySubtotalesIVA: [{ codigo: 5, importe: '21.00' }],
};

describe('WSCT answers', () => {
  it("reads the internal error ARCA's homologación answered (5000), texts on one line", () => {
    const xml = answer(
      'consultarUltimoComprobanteAutorizado',
      'consultarUltimoComprobanteAutorizadoReturn',
      '<arrayErrores><codigoDescripcion><codigo>5000</codigo><descripcion>Error\n        interno [E-1]</descripcion></codigoDescripcion></arrayErrores>',
    );
    expect(parseCtLastAuthorized(xml)).toEqual({
      ok: false,
      outcome: {
        code: 'wsfe_error',
        ok: false,
        params: { code: '5000', message: 'Error interno [E-1]' },
      },
      errors: [{ code: '5000', message: 'Error interno [E-1]' }],
    });
  });

  it('reads schema errors (arrayErroresFormato, codigoDescripcionString) as errors', () => {
    const xml = answer(
      'consultarComprobanteTipoPVentaNro',
      'consultarComprobanteReturn',
      "<arrayErroresFormato><codigoDescripcionString><codigo>cvc-minInclusive-valid</codigo><descripcion>El valor '0' no cumple con la restricción minInclusive '1'.</descripcion></codigoDescripcionString></arrayErroresFormato>",
    );
    expect(parseCtVoucher(xml)).toMatchObject({
      ok: false,
      errors: [{ code: 'cvc-minInclusive-valid' }],
    });
  });

  it('classifies autorizarComprobante: A/O approved, R rejected, a bad CAE or 5xx unknown', () => {
    const ok = (verdict: string, cae = '71234567890123') =>
      answer(
        'autorizarComprobante',
        'autorizarComprobanteReturn',
        `<resultado>${verdict}</resultado><comprobanteResponse><cuit>30710151543</cuit><codigoTipoComprobante>195</codigoTipoComprobante><numeroPuntoVenta>4000</numeroPuntoVenta><numeroComprobante>7</numeroComprobante><fechaEmision>2026-11-20</fechaEmision><CAE>${cae}</CAE><fechaVencimientoCAE>2026-11-30</fechaVencimientoCAE></comprobanteResponse>${verdict === 'O' ? '<arrayObservaciones><codigoDescripcion><codigo>1</codigo><descripcion>obs</descripcion></codigoDescripcion></arrayObservaciones>' : ''}`,
      );
    expect(parseCtAuthorizeResponse(200, ok('A'))).toEqual({
      status: 'approved',
      verdict: 'A',
      pointOfSale: 4000,
      voucherType: 195,
      number: 7,
      cuit: '30710151543',
      date: '2026-11-20',
      cae: '71234567890123',
      caeExpiry: '2026-11-30',
      observations: [],
      events: [],
    });
    expect(parseCtAuthorizeResponse(200, ok('O'))).toMatchObject({
      status: 'approved',
      observations: [{ code: '1', message: 'obs' }],
    });
    expect(parseCtAuthorizeResponse(200, ok('A', '123'))).toEqual({
      status: 'unknown',
      reason: 'unreadable',
      httpStatus: 200,
    });
    const rejected = answer(
      'autorizarComprobante',
      'autorizarComprobanteReturn',
      '<arrayErrores><codigoDescripcion><codigo>5000</codigo><descripcion>Error interno</descripcion></codigoDescripcion></arrayErrores><resultado>R</resultado>',
    );
    expect(parseCtAuthorizeResponse(200, rejected)).toMatchObject({
      status: 'rejected',
      errors: [{ code: '5000' }],
    });
    expect(parseCtAuthorizeResponse(502, '<html>Bad gateway</html>')).toEqual({
      status: 'unknown',
      reason: 'server_error',
      httpStatus: 502,
    });
  });
});

describe('WSCT client', () => {
  const auth = { token: 'T<', sign: 'S&', cuit: '30710151543' };

  it('sends the recorded envelope: ser:{method}Request, unqualified authRequest, SOAPAction', async () => {
    const sent: { body: string; headers: Record<string, string> }[] = [];
    const result = await getLastCtAuthorized(
      {
        url: 'http://127.0.0.1:1/wsct',
        transport: async (_url, body, headers) => {
          sent.push({ body, headers });
          return {
            status: 200,
            body: answer(
              'consultarUltimoComprobanteAutorizado',
              'consultarUltimoComprobanteAutorizadoReturn',
              '<codigoTipoComprobante>195</codigoTipoComprobante><numeroPuntoVenta>4000</numeroPuntoVenta><numeroComprobante>12</numeroComprobante>',
            ),
          };
        },
      },
      auth,
      4000,
      195,
    );
    expect(result).toEqual({ ok: true, value: 12, events: [] });
    expect(sent[0]!.headers).toEqual({
      SOAPAction: '"http://ar.gob.afip.wsct/CTService/consultarUltimoComprobanteAutorizado"',
    });
    expect(sent[0]!.body).toContain(
      '<ser:consultarUltimoComprobanteAutorizadoRequest><authRequest><token>T&lt;</token><sign>S&amp;</sign><cuitRepresentada>30710151543</cuitRepresentada></authRequest><codigoTipoComprobante>195</codigoTipoComprobante><numeroPuntoVenta>4000</numeroPuntoVenta></ser:consultarUltimoComprobanteAutorizadoRequest>',
    );
  });

  it('retries a read once after a network failure, never the authorisation', async () => {
    let reads = 0;
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const failing = async () => {
      reads++;
      throw refused;
    };
    expect(await getCtVoucher({ url: 'x', transport: failing }, auth, 1, 195, 1)).toMatchObject({
      ok: false,
      outcome: { code: 'wsfe_unreachable' },
    });
    expect(reads).toBe(2);
    reads = 0;
    expect(await requestCtCae({ url: 'x', transport: failing }, auth, voucher)).toEqual({
      status: 'not_sent',
      reason: 'unreachable',
    });
    expect(reads).toBe(1);
    const reset = async () => {
      reads++;
      throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    };
    reads = 0;
    expect(await requestCtCae({ url: 'x', transport: reset }, auth, voucher)).toEqual({
      status: 'unknown',
      reason: 'connection_lost',
    });
    expect(reads).toBe(1);
  });
});
