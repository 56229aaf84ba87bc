import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import {
  buildFeCaeRequest,
  hashVoucher,
  parseFeCaeResponse,
  parseFeCatalogue,
  parseFeExchangeRate,
  parseFeReceiverVatConditions,
  parseFeVoucher,
  parseLastAuthorized,
  type NumberedFeVoucher,
} from '@/lib/arca';

const DIR = path.resolve('../shared/afip/corpus/responses/wsfe-invoicing/derived');
const present = existsSync(DIR);
const read = (name: string) => readFileSync(path.join(DIR, name), 'utf8');

// [element path, value] of every leaf under FeCAEReq, in document order, namespace prefixes dropped.
const ordered = new XMLParser({
  preserveOrder: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
});
function leaves(xml: string): [string, string][] {
  const out: [string, string][] = [];
  const walk = (nodes: Record<string, unknown>[], at: string) => {
    for (const node of nodes) {
      const name = Object.keys(node).find((k) => k !== ':@')!;
      if (name === '#text') out.push([at, String(node[name])]);
      else walk(node[name] as Record<string, unknown>[], `${at}/${name}`);
    }
  };
  walk(ordered.parse(xml) as Record<string, unknown>[], '');
  const from = out.filter(([p]) => p.includes('/FeCAEReq/'));
  return from.map(([p, v]) => [p.slice(p.indexOf('/FeCAEReq/')), v]);
}

// FECAEDetRequest's children in the order of ARCA's WSDL.
const WSDL_ORDER = [
  'Concepto',
  'DocTipo',
  'DocNro',
  'CbteDesde',
  'CbteHasta',
  'CbteFch',
  'ImpTotal',
  'ImpTotConc',
  'ImpNeto',
  'ImpOpEx',
  'ImpTrib',
  'ImpIVA',
  'FchServDesde',
  'FchServHasta',
  'FchVtoPago',
  'MonId',
  'MonCotiz',
  'CanMisMonExt',
  'CondicionIVAReceptorId',
  'CbtesAsoc',
  'Tributos',
  'Iva',
];

describe.skipIf(!present)(
  `WSFEv1 invoicing recordings${present ? '' : ' (skipped: ../shared/afip/corpus is not on this machine)'}`,
  () => {
    it('builds the recorded pyafipws Factura A request: same elements, values and order', () => {
      const voucher: NumberedFeVoucher = {
        PtoVta: 4000,
        CbteTipo: 1,
        CbteNro: 1836,
        Concepto: 3,
        DocTipo: 80,
        DocNro: '30000000007',
        CbteFch: '20210701',
        ImpTotal: '122.00',
        ImpTotConc: '0.00',
        ImpNeto: '100.00',
        ImpOpEx: '0.00',
        ImpTrib: '1.00',
        ImpIVA: '21.00',
        FchServDesde: '20210701',
        FchServHasta: '20210701',
        FchVtoPago: '20210701',
        MonId: 'PES',
        MonCotiz: '1.000',
        CondicionIVAReceptorId: 1,
        Tributos: [
          {
            Id: 99,
            Desc: 'Impuesto Municipal Matanza',
            BaseImp: '100.00',
            Alic: '1.00',
            Importe: '1.00',
          },
        ],
        Iva: [{ Id: 5, BaseImp: '100', Importe: '21' }],
      };
      const built = leaves(`<x xmlns:ar="a">${buildFeCaeRequest(voucher)}</x>`);
      const recorded = leaves(
        read('pyafipws_FECAESolicitar_A_facturaA_servicios_obs10217.req.xml'),
      );
      // 2021: before RG 5616 there was no CondicionIVAReceptorId; everything else is identical.
      expect(built.filter(([p]) => !p.endsWith('/CondicionIVAReceptorId'))).toEqual(recorded);
      expect(built.map(([p]) => p)).toContain(
        '/FeCAEReq/FeDetReq/FECAEDetRequest/CondicionIVAReceptorId',
      );
    });

    it('sends what bravo sent (2026, approved) with the same values, in WSDL order where bravo was not', () => {
      const voucher: NumberedFeVoucher = {
        PtoVta: 2,
        CbteTipo: 1,
        CbteNro: 701,
        Concepto: 2,
        DocTipo: 80,
        DocNro: '30710151543',
        CbteFch: '20260818',
        ImpTotal: '1210000.01',
        ImpTotConc: '0.0',
        ImpNeto: '1000000.0',
        ImpOpEx: '0.0',
        ImpTrib: '0.0',
        ImpIVA: '210000.01',
        FchServDesde: '20260818',
        FchServHasta: '20260818',
        FchVtoPago: '20260818',
        MonId: 'PES',
        MonCotiz: '1',
        CondicionIVAReceptorId: 1,
        Iva: [{ Id: 5, BaseImp: '1000000', Importe: '210000.01' }],
      };
      const built = leaves(`<x xmlns:ar="a">${buildFeCaeRequest(voucher)}</x>`);
      const recorded = leaves(read('bravo_FECAESolicitar_A_facturaA_condIva1_obs10217.req.xml'));
      const numeric = (pairs: [string, string][]) =>
        pairs.map(([p, v]) => `${p}=${/^\d+$/.test(v) ? Number(v) : v}`).sort();
      expect(numeric(built)).toEqual(numeric(recorded));
      const children = built
        .filter(([p]) => p.startsWith('/FeCAEReq/FeDetReq/FECAEDetRequest/'))
        .map(([p]) => p.split('/')[4]!);
      const positions = [...new Set(children)].map((c) => WSDL_ORDER.indexOf(c));
      expect(positions.every((p) => p >= 0)).toBe(true);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      expect(built.slice(0, 3).map(([p]) => p.split('/').pop())).toEqual([
        'CantReg',
        'PtoVta',
        'CbteTipo',
      ]);
    });

    it('builds the recorded afiper Nota de Crédito C with CbtesAsoc (no Iva element for class C)', () => {
      const voucher: NumberedFeVoucher = {
        PtoVta: 2,
        CbteTipo: 13,
        CbteNro: 1,
        Concepto: 1,
        DocTipo: 80,
        DocNro: '20120791827',
        CbteFch: '20240302',
        ImpTotal: '300.0',
        ImpTotConc: '0.0',
        ImpNeto: '300.0',
        ImpOpEx: '0.0',
        ImpTrib: '0',
        ImpIVA: '0',
        MonId: 'PES',
        MonCotiz: '1.0',
        CondicionIVAReceptorId: 5,
        CbtesAsoc: [{ Tipo: 11, PtoVta: 2, Nro: 1 }],
      };
      const built = leaves(`<x xmlns:ar="a">${buildFeCaeRequest(voucher)}</x>`).filter(
        ([p]) => !p.endsWith('/CondicionIVAReceptorId'),
      );
      expect(built).toEqual(leaves(read('afiper_FECAESolicitar_A_notaCreditoC_cbtesAsoc.req.xml')));
    });

    it('escapes values and hashes vouchers canonically', () => {
      const base: NumberedFeVoucher = {
        PtoVta: 1,
        CbteTipo: 6,
        CbteNro: 1,
        Concepto: 1,
        DocTipo: 99,
        DocNro: '0',
        CbteFch: '20260101',
        ImpTotal: '1.00',
        ImpTotConc: '0.00',
        ImpNeto: '1.00',
        ImpOpEx: '0.00',
        ImpTrib: '0.00',
        ImpIVA: '0.00',
        MonId: 'PES',
        MonCotiz: '1',
        CondicionIVAReceptorId: 5,
        Tributos: [
          {
            Id: 99,
            Desc: 'Tasa <municipal> & "otra"',
            BaseImp: '1.00',
            Alic: '0.00',
            Importe: '0.00',
          },
        ],
      };
      expect(buildFeCaeRequest(base)).toContain(
        '<ar:Desc>Tasa &lt;municipal&gt; &amp; &quot;otra&quot;</ar:Desc>',
      );
      const reordered = Object.fromEntries(
        Object.entries(base).reverse(),
      ) as unknown as NumberedFeVoucher;
      expect(hashVoucher(reordered)).toBe(hashVoucher(base));
      expect(hashVoucher(base)).toMatch(/^[0-9a-f]{64}$/);
      expect(hashVoucher({ ...base, ImpTotal: '1.01' })).not.toBe(hashVoucher(base));
      expect(hashVoucher({ ...base, CbteNro: 2 } as NumberedFeVoucher)).not.toBe(hashVoucher(base));
    });

    it('reads every recorded approval: CAE, expiry, number, Observaciones', () => {
      const approvals: [string, number, string, string, number[]][] = [
        [
          'bravo_FECAESolicitar_A_facturaA_condIva1_obs10217.resp.xml',
          701,
          '86330767799632',
          '20260828',
          [10217],
        ],
        ['bravo_FECAESolicitar_A_facturaB_condIva4.resp.xml', 1764, '', '', []],
        ['bravo_FECAESolicitar_A_facturaC_condIva5.resp.xml', 33, '', '', []],
        [
          'pyafipws_FECAESolicitar_A_facturaA_servicios_obs10217.resp.xml',
          1836,
          '71263951827464',
          '20210711',
          [10217],
        ],
        [
          'pyafipws_FECAESolicitar_A_facturaA_productos_obs10217.resp.xml',
          1839,
          '71263951828318',
          '',
          [10217],
        ],
        [
          'pyafipws_FECAESolicitar_A_notaDebitoA_cbtesAsoc.resp.xml',
          0,
          '71263951828643',
          '',
          [10217],
        ],
        ['afiper_FECAESolicitar_A_notaCreditoC_cbtesAsoc.resp.xml', 0, '74098150881610', '', []],
      ];
      for (const [file, number, cae, expiry, obs] of approvals) {
        const result = parseFeCaeResponse(200, read(file));
        expect(result.status, file).toBe('approved');
        if (result.status !== 'approved') continue;
        if (number) expect(result.number, file).toBe(number);
        if (cae) expect(result.cae, file).toBe(cae);
        if (expiry) expect(result.caeExpiry, file).toBe(expiry);
        expect(result.cae).toMatch(/^\d{14}$/);
        expect(
          result.observations.map((o) => o.code),
          file,
        ).toEqual(obs);
      }
      const a = parseFeCaeResponse(
        200,
        read('bravo_FECAESolicitar_A_facturaA_condIva1_obs10217.resp.xml'),
      );
      expect(a).toMatchObject({
        pointOfSale: 2,
        voucherType: 1,
        processedAt: '20260818130742',
        observations: [
          { code: 10217, message: expect.stringMatching(/^El credito fiscal discriminado/) },
        ],
      });
    });

    it('reads every recorded rejection: Errors (10016) and Observaciones (10013, 10015, 10049, 10016 date) apart', () => {
      const rejections: [string, number[], number[]][] = [
        ['pyafipws_FECAESolicitar_R_err10016_facturaA_reenvio.resp.xml', [10016], []],
        ['pyafipws_FECAESolicitar_R_err10016_notaCreditoA_cbtesAsoc.resp.xml', [10016], []],
        ['pyafipws_FECAESolicitar_R_err10016_batch250.resp.xml', [10016], []],
        ['afiper_FECAESolicitar_R_obs10013_docTipoNo80.resp.xml', [], [10013]],
        ['afiper_FECAESolicitar_R_obs10015_docNroInvalido.resp.xml', [], [10015]],
        ['afiper_FECAESolicitar_R_obs10049_sinFechasServicio.resp.xml', [], [10049]],
        [
          'cfgestion_FECAESolicitar_R_obs10016_fechaFueraDeRango_evt39_produccion.resp.xml',
          [],
          [10016],
        ],
      ];
      for (const [file, errors, observations] of rejections) {
        const result = parseFeCaeResponse(200, read(file));
        expect(result.status, file).toBe('rejected');
        if (result.status !== 'rejected') continue;
        expect(
          result.errors.map((e) => e.code),
          file,
        ).toEqual(errors);
        expect(
          result.observations.map((e) => e.code),
          file,
        ).toEqual(observations);
      }
      const dated = parseFeCaeResponse(
        200,
        read('cfgestion_FECAESolicitar_R_obs10016_fechaFueraDeRango_evt39_produccion.resp.xml'),
      );
      expect(dated).toMatchObject({ events: [{ code: 39 }] });
    });

    it('tells "maybe issued" apart from ARCA\'s answers: 5xx, unreadable, an approval without a CAE', () => {
      const approved = read('bravo_FECAESolicitar_A_facturaB_condIva4.resp.xml');
      expect(parseFeCaeResponse(500, approved)).toEqual({
        status: 'unknown',
        reason: 'server_error',
        httpStatus: 500,
      });
      expect(parseFeCaeResponse(502, '<html>Bad gateway</html>')).toEqual({
        status: 'unknown',
        reason: 'server_error',
        httpStatus: 502,
      });
      expect(parseFeCaeResponse(200, approved.slice(0, 400))).toMatchObject({
        status: 'unknown',
        reason: 'unreadable',
      });
      expect(parseFeCaeResponse(200, approved.replace(/<CAE>\d+<\/CAE>/, '<CAE />'))).toMatchObject(
        { status: 'unknown', reason: 'unreadable' },
      );
      const clientFault =
        '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault><faultcode>soap:Client</faultcode><faultstring>Server was unable to read request.</faultstring></soap:Fault></soap:Body></soap:Envelope>';
      expect(parseFeCaeResponse(500, clientFault)).toMatchObject({
        status: 'rejected',
        fault: { code: 'Client' },
      });
      expect(
        parseFeCaeResponse(500, clientFault.replace('soap:Client', 'soap:Server')),
      ).toMatchObject({ status: 'unknown', reason: 'server_error' });
    });

    it('reads FECompConsultar: the full voucher (amounts to two decimals), 602 as null, 10202 as an error', () => {
      const found = parseFeVoucher(read('pyafipws_FECompConsultar_A_facturaA_nro1837.resp.xml'));
      expect(found).toEqual({
        ok: true,
        events: [],
        value: {
          PtoVta: 4000,
          CbteTipo: 1,
          CbteNro: 1837,
          Concepto: 3,
          DocTipo: 80,
          DocNro: '30000000007',
          CbteFch: '20210701',
          ImpTotal: '122.00',
          ImpTotConc: '0.00',
          ImpNeto: '100.00',
          ImpOpEx: '0.00',
          ImpTrib: '1.00',
          ImpIVA: '21.00',
          FchServDesde: '20210701',
          FchServHasta: '20210701',
          FchVtoPago: '20210701',
          MonId: 'PES',
          MonCotiz: '1',
          CondicionIVAReceptorId: 0,
          Tributos: [
            {
              Id: 99,
              Desc: 'Impuesto Municipal Matanza',
              BaseImp: '100.00',
              Alic: '1.00',
              Importe: '1.00',
            },
          ],
          Iva: [{ Id: 5, BaseImp: '100.00', Importe: '21.00' }],
          Resultado: 'A',
          CodAutorizacion: '71263951827477',
          EmisionTipo: 'CAE',
          FchVto: '20210711',
          FchProceso: '20210701172106',
          Observaciones: [{ code: 10217, message: expect.stringMatching(/^El credito fiscal/) }],
        },
      });
      expect(
        parseFeVoucher(read('bravo_FECompConsultar_A_facturaB_nro1765.resp.xml')),
      ).toMatchObject({
        ok: true,
        value: {
          CbteTipo: 6,
          CbteNro: 1765,
          CondicionIVAReceptorId: 4,
          ImpIVA: '210000.01',
          Iva: [{ Id: 5, BaseImp: '1000000.00' }],
        },
      });
      const unagi = readFileSync(
        path.join(DIR, '../byte-exact/unagi_FECompConsultar_A_tributos_obs10063.resp.xml'),
        'utf8',
      );
      expect(parseFeVoucher(unagi)).toMatchObject({
        ok: true,
        value: { Resultado: 'A', Tributos: [{}, {}] },
      });
      expect(parseFeVoucher(read('pyafipws_FECompConsultar_err602_noResults.resp.xml'))).toEqual({
        ok: true,
        value: null,
        events: [],
      });
      expect(
        parseFeVoucher(read('bravo_FECompConsultar_err10202_cbteNroTooLong.resp.xml')),
      ).toMatchObject({ ok: false, errors: [{ code: 10202 }], outcome: { code: 'wsfe_error' } });
    });

    it('reads FECompUltimoAutorizado, including the 600 fragment (token dates)', () => {
      expect(
        parseLastAuthorized(read('bravo_FECompUltimoAutorizado_pv2_t1_nro700.resp.xml')),
      ).toMatchObject({ ok: true, value: { pointOfSale: 2, voucherType: 1, number: 700 } });
      expect(
        parseLastAuthorized(read('afiper_FECompUltimoAutorizado_pv1_t1_nro0.resp.xml')),
      ).toMatchObject({ ok: true, value: { number: 0 } });
      const fragment = read('sgp_FECompUltimoAutorizado_err600_tokenVencido.fragment.xml');
      const wrapped = `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>${fragment}</soap:Body></soap:Envelope>`;
      expect(parseLastAuthorized(wrapped)).toMatchObject({
        ok: false,
        outcome: { code: 'wsfe_token_invalid' },
        errors: [{ code: 600 }],
      });
    });

    it('reads the catalogues, the exchange rate and the receiver IVA conditions', () => {
      const count = (
        file: string,
        method:
          | 'FEParamGetTiposCbte'
          | 'FEParamGetTiposDoc'
          | 'FEParamGetTiposIva'
          | 'FEParamGetTiposMonedas',
      ) => {
        const r =
          method === 'FEParamGetTiposMonedas'
            ? parseFeCatalogue(read(file), method)
            : parseFeCatalogue(read(file), method);
        return r.ok ? r.value.length : -1;
      };
      expect(count('bravo_FEParamGetTiposCbte.resp.xml', 'FEParamGetTiposCbte')).toBe(36);
      expect(count('bravo_FEParamGetTiposDoc.resp.xml', 'FEParamGetTiposDoc')).toBe(36);
      expect(count('bravo_FEParamGetTiposIva.resp.xml', 'FEParamGetTiposIva')).toBe(6);
      expect(count('bravo_FEParamGetTiposMonedas.resp.xml', 'FEParamGetTiposMonedas')).toBe(49);
      const currencies = parseFeCatalogue(
        read('bravo_FEParamGetTiposMonedas.resp.xml'),
        'FEParamGetTiposMonedas',
      );
      expect(currencies.ok && currencies.value.slice(0, 2)).toMatchObject([
        { id: 'PES', description: 'Pesos Argentinos', validTo: null },
        { id: 'DOL' },
      ]);
      expect(
        parseFeCatalogue(
          read('pyafipws_FEParamGetTiposConcepto.resp.xml'),
          'FEParamGetTiposConcepto',
        ),
      ).toMatchObject({
        ok: true,
        value: [{ id: 1, description: 'Producto' }, { id: 2 }, { id: 3 }],
      });
      expect(parseFeExchangeRate(read('bravo_FEParamGetCotizacion_DOL.resp.xml'))).toEqual({
        ok: true,
        events: [],
        value: { currency: 'DOL', rate: '1155.114', date: '20260817' },
      });
      const all = parseFeReceiverVatConditions(
        read('bravo_FEParamGetCondicionIvaReceptor_all.resp.xml'),
      );
      expect(all.ok && all.value.map((c) => c.id)).toEqual([1, 6, 13, 16, 4, 7, 8, 9, 10, 15, 5]);
      const b = parseFeReceiverVatConditions(
        read('bravo_FEParamGetCondicionIvaReceptor_claseB.resp.xml'),
      );
      expect(b.ok && b.value.map((c) => `${c.id}${c.voucherClasses}`)).toEqual([
        '4B',
        '5B',
        '7B',
        '8B',
        '9B',
        '10B',
        '15B',
      ]);
    });

    it('parses every recorded response without throwing', () => {
      for (const file of readdirSync(DIR).filter((f) => f.endsWith('.resp.xml'))) {
        const xml = read(file);
        const method = /<(\w+)Response xmlns/.exec(xml)?.[1] ?? '';
        if (method === 'FECAESolicitar')
          expect(['approved', 'rejected'], file).toContain(parseFeCaeResponse(200, xml).status);
        if (method === 'FECompConsultar') {
          const result = parseFeVoucher(xml);
          expect(result.ok || result.errors.length > 0, file).toBe(true);
        }
      }
    });
  },
);
