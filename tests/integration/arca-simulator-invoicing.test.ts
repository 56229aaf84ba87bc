import { randomInt } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createCsr,
  cuitCheckDigit,
  generateKeyPair,
  getAccessTicket,
  getCurrencies,
  getExchangeRate,
  getLastAuthorized,
  getReceiverVatConditions,
  getVoucher,
  getVoucherTypes,
  requestCae,
  twoDecimals,
  type ArcaEnvironment,
  type NumberedFeVoucher,
  type WsfeAuth,
} from '@/lib/arca';
import { addPointOfSale, injectWsfeFault, type EmissionType } from '@/lib/arca-simulator';
import type { Db } from '@/lib/db';
import { describeEachDatabase } from './support/databases';
import {
  startSimulator,
  submitForm,
  textareaContent,
  type RunningSimulator,
} from '../fixtures/arca/simulator-server';

function newCuit(): string {
  for (;;) {
    const body = `20${String(randomInt(10_000_000, 99_999_999))}`;
    const digit = cuitCheckDigit(body);
    if (digit !== undefined) return body + digit;
  }
}

/** Argentina's date (UTC−3) plus days, yyyymmdd. */
function argentinaDay(days = 0): string {
  return new Date(Date.now() - 3 * 3_600_000 + days * 86_400_000)
    .toISOString()
    .slice(0, 10)
    .replace(/-/g, '');
}

const RECEIVER = '30710151543';
const RECORDINGS = path.resolve('../shared/afip/corpus/responses/wsfe-invoicing/derived');

/** Tags, attributes and order only: every text value removed. */
const shape = (xml: string) => xml.trim().replace(/>[^<]+</g, '><');

/** A Factura A (type 1) for 100 + 21 % IVA, goods, dated today; override anything. */
function factura(
  pointOfSale: number,
  number: number,
  extra: Partial<NumberedFeVoucher> = {},
): NumberedFeVoucher {
  return {
    PtoVta: pointOfSale,
    CbteTipo: 1,
    CbteNro: number,
    Concepto: 1,
    DocTipo: 80,
    DocNro: RECEIVER,
    CbteFch: argentinaDay(),
    ImpTotal: '121.00',
    ImpTotConc: '0.00',
    ImpNeto: '100.00',
    ImpOpEx: '0.00',
    ImpTrib: '0.00',
    ImpIVA: '21.00',
    MonId: 'PES',
    MonCotiz: '1',
    CondicionIVAReceptorId: 1,
    Iva: [{ Id: 5, BaseImp: '100.00', Importe: '21.00' }],
    ...extra,
  };
}

describeEachDatabase('ARCA simulator: WSFEv1 invoicing through the real client', (get) => {
  let sim: RunningSimulator;
  beforeAll(async () => {
    sim = await startSimulator(get().db);
  });
  afterAll(() => sim.close());

  /** A supplier with a certificate authorised for wsfe and a ticket, as the registration leaves it. */
  async function supplier(
    environment: ArcaEnvironment,
  ): Promise<{ cuit: string; auth: WsfeAuth; wsfe: { url: string }; db: Db }> {
    const db = get().db;
    const cuit = newCuit();
    const alias = `fact${cuit.slice(-6)}`;
    const { privateKeyPem } = await generateKeyPair();
    const csr = await createCsr({ companyName: 'Facturas SA', alias, cuit, privateKeyPem });
    let certificatePem: string;
    if (environment === 'sandbox') {
      const issued = await submitForm(`${sim.base}/sandbox/wsass/certificados`, { alias, csr });
      certificatePem = textareaContent(
        await (await fetch(new URL(issued.location, sim.base))).text(),
        'pem',
      );
      await submitForm(`${sim.base}/sandbox/wsass/autorizaciones`, {
        cuit,
        alias,
        service: 'wsfe',
      });
    } else {
      const issued = await submitForm(`${sim.base}/live/certificados`, {
        alias,
        csr_file: new File([csr], 'pedido.csr'),
      });
      const list = await (await fetch(new URL(issued.location, sim.base))).text();
      const view = new RegExp(
        `<td>${alias}</td><td>[0-9-]+</td><td><a href="([^"]+)">Ver</a>`,
      ).exec(list)![1]!;
      certificatePem = await (await fetch(new URL(`${view}/descargar`, sim.base))).text();
      await submitForm(`${sim.base}/live/relaciones`, { cuit, alias, service: 'wsfe' });
    }
    const ticket = await getAccessTicket({
      db,
      environment,
      url: sim.urls[environment].wsaa,
      certificatePem,
      privateKeyPem,
      now: () => sim.clock.now,
    });
    if (!ticket.ok) throw new Error(`no ticket: ${ticket.outcome.code}`);
    return {
      cuit,
      db,
      wsfe: { url: sim.urls[environment].wsfe },
      auth: { token: ticket.ticket.token, sign: ticket.ticket.sign, cuit },
    };
  }

  it('numbers vouchers sequentially per point of sale and type; a repeated or skipped number is 10016', async () => {
    const { auth, wsfe } = await supplier('sandbox');
    expect(await getLastAuthorized(wsfe, auth, 3, 1)).toMatchObject({
      ok: true,
      value: { number: 0 },
    });
    const first = await requestCae(wsfe, auth, factura(3, 1));
    expect(first).toMatchObject({
      status: 'approved',
      pointOfSale: 3,
      voucherType: 1,
      number: 1,
      cae: expect.stringMatching(/^\d{14}$/),
      observations: [{ code: 10217 }],
    });
    const expiry = new Date(
      Date.UTC(
        +argentinaDay().slice(0, 4),
        +argentinaDay().slice(4, 6) - 1,
        +argentinaDay().slice(6, 8) + 10,
      ),
    )
      .toISOString()
      .slice(0, 10)
      .replace(/-/g, '');
    expect(first.status === 'approved' && first.caeExpiry).toBe(expiry);
    expect(await requestCae(wsfe, auth, factura(3, 2))).toMatchObject({
      status: 'approved',
      number: 2,
    });
    expect(await getLastAuthorized(wsfe, auth, 3, 1)).toMatchObject({
      ok: true,
      value: { pointOfSale: 3, voucherType: 1, number: 2 },
    });
    for (const number of [2, 4]) {
      expect(await requestCae(wsfe, auth, factura(3, number))).toMatchObject({
        status: 'rejected',
        errors: [
          {
            code: 10016,
            message: expect.stringContaining('Consultar metodo FECompUltimoAutorizado'),
          },
        ],
        observations: [],
      });
    }
    // Another type, another point of sale: sequences of their own.
    expect(
      await requestCae(
        wsfe,
        auth,
        factura(3, 1, { CbteTipo: 6, DocTipo: 99, DocNro: '0', CondicionIVAReceptorId: 5 }),
      ),
    ).toMatchObject({ status: 'approved', number: 1, observations: [] });
    expect(await requestCae(wsfe, auth, factura(4, 1))).toMatchObject({
      status: 'approved',
      number: 1,
    });
    // A voucher dated before the last one of its sequence is not the next one either.
    expect(
      await requestCae(wsfe, auth, factura(3, 3, { CbteFch: argentinaDay(-1) })),
    ).toMatchObject({ status: 'rejected', errors: [{ code: 10016 }] });
    expect(await getLastAuthorized(wsfe, auth, 3, 1)).toMatchObject({
      ok: true,
      value: { number: 2 },
    });
  });

  it('30 concurrent requests for the same next number: exactly one is approved, the others get 10016', async () => {
    const { auth, wsfe } = await supplier('sandbox');
    expect(await requestCae(wsfe, auth, factura(9, 1))).toMatchObject({ status: 'approved' });
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        requestCae(
          wsfe,
          auth,
          factura(9, 2, { ImpNeto: '100.00', DocNro: i % 2 ? RECEIVER : '20111111112' }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'approved')).toHaveLength(1);
    const rejected = results.filter((r) => r.status === 'rejected');
    expect(rejected).toHaveLength(29);
    expect(
      rejected.every(
        (r) => r.status === 'rejected' && r.errors.length === 1 && r.errors[0]!.code === 10016,
      ),
    ).toBe(true);
    expect(await getLastAuthorized(wsfe, auth, 9, 1)).toMatchObject({
      ok: true,
      value: { number: 2 },
    });
  });

  it("rejects each invalid voucher with ARCA's code, without using up the number", async () => {
    const { auth, wsfe } = await supplier('sandbox');
    const facturaC = (extra: Partial<NumberedFeVoucher>) =>
      factura(5, 1, {
        CbteTipo: 11,
        DocTipo: 99,
        DocNro: '0',
        ImpNeto: '121.00',
        ImpIVA: '0.00',
        Iva: undefined,
        CondicionIVAReceptorId: 5,
        ...extra,
      });
    const services = {
      Concepto: 2 as const,
      FchServDesde: argentinaDay(-30),
      FchServHasta: argentinaDay(-1),
      FchVtoPago: argentinaDay(10),
    };
    const cases: [string, NumberedFeVoucher, number][] = [
      ['class A to a CUIL', factura(5, 1, { DocTipo: 86, DocNro: '20111111112' }), 10013],
      ['CUIT with a wrong check digit', factura(5, 1, { DocNro: '30710151544' }), 10015],
      ['DocNro 1', factura(5, 1, { DocNro: '1' }), 10015],
      ['services without dates', factura(5, 1, { Concepto: 2 }), 10049],
      [
        'no receiver IVA condition',
        factura(5, 1, { CondicionIVAReceptorId: undefined as unknown as number }),
        10246,
      ],
      ['Consumidor Final on a Factura A', factura(5, 1, { CondicionIVAReceptorId: 5 }), 10242],
      [
        'Responsable Inscripto on a Factura B',
        factura(5, 1, { CbteTipo: 6, CondicionIVAReceptorId: 1 }),
        10242,
      ],
      [
        'Factura C with Iva',
        facturaC({ Iva: [{ Id: 5, BaseImp: '100.00', Importe: '21.00' }] }),
        10071,
      ],
      ['Factura C with exempt amount', facturaC({ ImpOpEx: '10.00', ImpTotal: '131.00' }), 10044],
      ['Factura C total', facturaC({ ImpTotal: '120.00' }), 10048],
      ['total not the sum', factura(5, 1, { ImpTotal: '122.00' }), 10048],
      ['IVA without AlicIva', factura(5, 1, { Iva: undefined }), 10018],
      [
        'AlicIva amount not its rate',
        factura(5, 1, {
          ImpIVA: '10.50',
          ImpTotal: '110.50',
          Iva: [{ Id: 5, BaseImp: '100.00', Importe: '10.50' }],
        }),
        10051,
      ],
      [
        'ImpIVA not the sum of AlicIva',
        factura(5, 1, { ImpIVA: '22.00', ImpTotal: '122.00' }),
        10023,
      ],
      ['taxes without Tributos', factura(5, 1, { ImpTrib: '1.00', ImpTotal: '122.00' }), 10024],
      [
        'Tributos not ImpTrib',
        factura(5, 1, {
          ImpTrib: '2.00',
          ImpTotal: '123.00',
          Tributos: [{ Id: 99, Desc: 'Tasa', BaseImp: '100.00', Alic: '1.00', Importe: '1.00' }],
        }),
        10029,
      ],
      ['goods dated 6 days ahead', factura(5, 1, { CbteFch: argentinaDay(6) }), 10016],
      ['goods dated 6 days back', factura(5, 1, { CbteFch: argentinaDay(-6) }), 10016],
      [
        'services dated 11 days back',
        factura(5, 1, { ...services, CbteFch: argentinaDay(-11) }),
        10016,
      ],
    ];
    for (const [what, voucher, code] of cases) {
      const result = await requestCae(wsfe, auth, voucher);
      expect(result.status, what).toBe('rejected');
      if (result.status !== 'rejected') continue;
      expect(result.errors, what).toEqual([]);
      expect(
        result.observations.map((o) => o.code),
        what,
      ).toContain(code);
      expect(
        result.observations.every((o) => o.message.length > 10),
        what,
      ).toBe(true);
    }
    const date = await requestCae(wsfe, auth, factura(5, 1, { CbteFch: argentinaDay(-6) }));
    expect(date.status === 'rejected' && date.observations[0]!.message).toMatch(
      /^Campo CbteFch Debe estar comprendido {2}en el {2}rango {2}N-5 y N\+5 .* para 1 - Productos$/,
    );
    expect(await getLastAuthorized(wsfe, auth, 5, 1)).toMatchObject({
      ok: true,
      value: { number: 0 },
    });
    // Within the windows: goods ±5 days, services ±10 days; a Tributo that adds up; a Factura C without Iva.
    expect(
      await requestCae(wsfe, auth, factura(5, 1, { CbteFch: argentinaDay(-5) })),
    ).toMatchObject({ status: 'approved', number: 1 });
    expect(
      await requestCae(wsfe, auth, factura(5, 2, { ...services, CbteFch: argentinaDay(10) })),
    ).toMatchObject({ status: 'approved', number: 2 });
    expect(
      await requestCae(
        wsfe,
        auth,
        factura(5, 3, {
          ...services,
          CbteFch: argentinaDay(10),
          ImpTrib: '1.00',
          ImpTotal: '122.00',
          Tributos: [{ Id: 99, Desc: 'Tasa', BaseImp: '100.00', Alic: '1.00', Importe: '1.00' }],
        }),
      ),
    ).toMatchObject({ status: 'approved', number: 3 });
    expect(await requestCae(wsfe, auth, facturaC({}))).toMatchObject({
      status: 'approved',
      number: 1,
      observations: [],
    });
  });

  it('live: only a registered, open, unblocked CAE point of sale issues (11002 otherwise); homologación takes any number', async () => {
    const live = await supplier('live');
    const register = (
      number: number,
      emissionType: EmissionType,
      extra: { blocked?: boolean; closedOn?: string } = {},
    ) =>
      addPointOfSale(live.db, {
        environment: 'live',
        cuit: live.cuit,
        number,
        emissionType,
        ...extra,
      });
    await register(1, 'CAE - Ri Iva');
    await register(2, 'CAE - Ri Iva', { blocked: true });
    await register(3, 'CAE - Ri Iva', { closedOn: '2025-01-31' });
    await register(4, 'CAEA - Ri Iva');
    await register(5, 'Factura en Linea');
    for (const number of [2, 3, 4, 5, 6]) {
      expect(
        await requestCae(live.wsfe, live.auth, factura(number, 1)),
        `point of sale ${number}`,
      ).toMatchObject({ status: 'rejected', errors: [{ code: 11002 }] });
    }
    expect(await getLastAuthorized(live.wsfe, live.auth, 6, 1)).toMatchObject({
      ok: false,
      outcome: { code: 'wsfe_point_of_sale_not_enabled' },
    });
    // Live sends 10217 only when the receiver is a monotributista.
    expect(await requestCae(live.wsfe, live.auth, factura(1, 1))).toMatchObject({
      status: 'approved',
      number: 1,
      observations: [],
    });
    expect(
      await requestCae(live.wsfe, live.auth, factura(1, 2, { CondicionIVAReceptorId: 6 })),
    ).toMatchObject({ status: 'approved', number: 2, observations: [{ code: 10217 }] });

    const sandbox = await supplier('sandbox');
    expect(await requestCae(sandbox.wsfe, sandbox.auth, factura(777, 1))).toMatchObject({
      status: 'approved',
      number: 1,
    });
    expect(await getLastAuthorized(sandbox.wsfe, sandbox.auth, 777, 1)).toMatchObject({
      ok: true,
      value: { number: 1 },
    });
  });

  it('FECompConsultar returns every field sent, the CAE and its expiry; 602 when none; 10202 for a long number', async () => {
    const { auth, wsfe } = await supplier('sandbox');
    const sent = factura(8, 1, {
      Concepto: 3,
      FchServDesde: argentinaDay(-30),
      FchServHasta: argentinaDay(-1),
      FchVtoPago: argentinaDay(15),
      ImpTotConc: '5.00',
      ImpOpEx: '3.00',
      ImpTrib: '1.50',
      ImpNeto: '150.00',
      ImpIVA: '26.25',
      ImpTotal: '185.75',
      Iva: [
        { Id: 5, BaseImp: '100.00', Importe: '21.00' },
        { Id: 4, BaseImp: '50.00', Importe: '5.25' },
      ],
      Tributos: [
        {
          Id: 99,
          Desc: 'Tasa municipal <& "ok">',
          BaseImp: '150.00',
          Alic: '1.00',
          Importe: '1.50',
        },
      ],
      CbtesAsoc: [{ Tipo: 1, PtoVta: 8, Nro: 1, Cuit: auth.cuit, CbteFch: argentinaDay() }],
    });
    const approved = await requestCae(wsfe, auth, sent);
    expect(approved.status).toBe('approved');
    if (approved.status !== 'approved') return;
    const consulted = await getVoucher(wsfe, auth, 8, 1, 1);
    expect(consulted.ok).toBe(true);
    if (!consulted.ok || !consulted.value) throw new Error('voucher not found');
    const {
      Resultado,
      CodAutorizacion,
      EmisionTipo,
      FchVto,
      FchProceso,
      Observaciones,
      ...fields
    } = consulted.value;
    expect(fields).toEqual(sent);
    expect({ Resultado, CodAutorizacion, EmisionTipo, FchVto }).toEqual({
      Resultado: 'A',
      CodAutorizacion: approved.cae,
      EmisionTipo: 'CAE',
      FchVto: approved.caeExpiry,
    });
    expect(FchProceso).toMatch(/^\d{14}$/);
    expect(Observaciones.map((o) => o.code)).toEqual([10217]);
    expect(await getVoucher(wsfe, auth, 8, 1, 2)).toEqual({ ok: true, value: null, events: [] });
    expect(await getVoucher(wsfe, auth, 8, 1, 123_456_789)).toMatchObject({
      ok: false,
      errors: [{ code: 10202 }],
    });
    expect(twoDecimals('7')).toBe('7.00');
  });

  it('answers 600 to a ticket it did not issue or that expired, 601 to another CUIT', async () => {
    const { auth, wsfe } = await supplier('sandbox');
    expect(await requestCae(wsfe, { ...auth, sign: 'x' }, factura(1, 1))).toMatchObject({
      status: 'rejected',
      errors: [{ code: 600 }],
    });
    expect(await requestCae(wsfe, { ...auth, cuit: newCuit() }, factura(1, 1))).toMatchObject({
      status: 'rejected',
      errors: [{ code: 601 }],
    });
    sim.clock.now = new Date(Date.now() + 13 * 3_600_000);
    const expired = await requestCae(wsfe, auth, factura(1, 1));
    const consulted = await getVoucher(wsfe, auth, 1, 1, 1);
    sim.clock.follow();
    expect(expired).toMatchObject({ status: 'rejected', errors: [{ code: 600 }] });
    expect(consulted).toMatchObject({ ok: false, outcome: { code: 'wsfe_token_invalid' } });
    expect(await getLastAuthorized(wsfe, auth, 1, 1)).toMatchObject({
      ok: true,
      value: { number: 0 },
    });
  });

  it('serves the catalogues, exchange rates and receiver IVA conditions as ARCA does', async () => {
    const { auth, wsfe } = await supplier('sandbox');
    const types = await getVoucherTypes(wsfe, auth);
    expect(types.ok && types.value.length).toBe(36);
    expect(types.ok && types.value[0]).toEqual({
      id: 1,
      description: 'Factura A',
      validFrom: '20100917',
      validTo: null,
    });
    const currencies = await getCurrencies(wsfe, auth);
    expect(currencies.ok && currencies.value.map((c) => c.id).slice(0, 2)).toEqual(['PES', 'DOL']);
    expect(await getExchangeRate(wsfe, auth, 'DOL')).toMatchObject({
      ok: true,
      value: { currency: 'DOL', rate: '1155.114', date: argentinaDay(-1) },
    });
    const b = await getReceiverVatConditions(wsfe, auth, 'B');
    expect(b.ok && b.value.map((c) => [c.id, c.voucherClasses])).toEqual(
      [4, 5, 7, 8, 9, 10, 15].map((id) => [id, 'B']),
    );
    const all = await getReceiverVatConditions(wsfe, auth);
    expect(all.ok && all.value.find((c) => c.id === 5)).toEqual({
      id: 5,
      description: 'Consumidor Final',
      voucherClasses: 'C/49',
    });
  });

  it.skipIf(!existsSync(RECORDINGS))(
    'answers in the exact shape of the recorded answers (namespaces, FEHeaderInfo, element order)',
    async () => {
      const { auth, wsfe } = await supplier('sandbox');
      let raw = '';
      const transport = async (url: string, body: string, headers: Record<string, string>) => {
        const response = await fetch(url, {
          method: 'POST',
          body,
          headers: { 'Content-Type': 'text/xml; charset=utf-8', ...headers },
        });
        raw = await response.text();
        return { status: response.status, body: raw };
      };
      const recorded = (name: string) => shape(readFileSync(path.join(RECORDINGS, name), 'utf8'));
      const services = {
        Concepto: 2 as const,
        FchServDesde: argentinaDay(),
        FchServHasta: argentinaDay(),
        FchVtoPago: argentinaDay(),
      };
      await requestCae({ ...wsfe, transport }, auth, factura(2, 1, services));
      expect(shape(raw)).toBe(
        recorded('bravo_FECAESolicitar_A_facturaA_condIva1_obs10217.resp.xml'),
      );
      await requestCae({ ...wsfe, transport }, auth, factura(2, 1, services));
      expect(shape(raw)).toBe(
        recorded('pyafipws_FECAESolicitar_R_err10016_facturaA_reenvio.resp.xml'),
      );
      await requestCae({ ...wsfe, transport }, auth, factura(2, 2, { DocNro: '1' }));
      expect(shape(raw)).toBe(recorded('afiper_FECAESolicitar_R_obs10015_docNroInvalido.resp.xml'));
      const facturaB = factura(2, 1, { ...services, CbteTipo: 6, CondicionIVAReceptorId: 4 });
      await requestCae({ ...wsfe, transport }, auth, facturaB);
      expect(shape(raw)).toBe(recorded('bravo_FECAESolicitar_A_facturaB_condIva4.resp.xml'));
      await getVoucher({ ...wsfe, transport }, auth, 2, 6, 1);
      expect(shape(raw)).toBe(recorded('bravo_FECompConsultar_A_facturaB_nro1765.resp.xml'));
      await getVoucher({ ...wsfe, transport }, auth, 2, 6, 2);
      expect(shape(raw)).toBe(recorded('pyafipws_FECompConsultar_err602_noResults.resp.xml'));
      await getLastAuthorized({ ...wsfe, transport }, auth, 2, 6);
      expect(shape(raw)).toBe(recorded('bravo_FECompUltimoAutorizado_pv2_t6_nro1763.resp.xml'));
      await getVoucherTypes({ ...wsfe, transport }, auth);
      expect(shape(raw)).toBe(recorded('bravo_FEParamGetTiposCbte.resp.xml'));
      await getReceiverVatConditions({ ...wsfe, transport }, auth, 'A');
      expect(shape(raw)).toBe(recorded('bravo_FEParamGetCondicionIvaReceptor_claseA.resp.xml'));
      await getExchangeRate({ ...wsfe, transport }, auth, 'DOL');
      expect(shape(raw)).toBe(recorded('bravo_FEParamGetCotizacion_DOL.resp.xml'));
      expect(raw).toMatch(/<fecha>\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}-03:00<\/fecha>/);
    },
  );

  for (const fault of [
    { kind: 'http_500' as const },
    { kind: 'timeout' as const, holdMs: 1_500 },
  ]) {
    it(`fault injection (${fault.kind}): committed, the client sees "unknown", then reconciles with FECompUltimoAutorizado and FECompConsultar`, async () => {
      const { auth, wsfe, cuit } = await supplier('sandbox');
      expect(await requestCae(wsfe, auth, factura(2, 1))).toMatchObject({ status: 'approved' });
      injectWsfeFault({ environment: 'sandbox', cuit, pointOfSale: 2 }, fault);
      const sent = factura(2, 2, {
        ImpNeto: '200.00',
        ImpIVA: '42.00',
        ImpTotal: '242.00',
        Iva: [{ Id: 5, BaseImp: '200.00', Importe: '42.00' }],
      });
      const result = await requestCae({ ...wsfe, timeoutMs: 400 }, auth, sent);
      expect(result).toEqual(
        fault.kind === 'http_500'
          ? { status: 'unknown', reason: 'server_error', httpStatus: 500 }
          : { status: 'unknown', reason: 'timeout' },
      );
      expect(await getLastAuthorized(wsfe, auth, 2, 1)).toMatchObject({
        ok: true,
        value: { number: 2 },
      });
      const consulted = await getVoucher(wsfe, auth, 2, 1, 2);
      expect(consulted.ok && consulted.value).toMatchObject({
        ...sent,
        Resultado: 'A',
        CodAutorizacion: expect.stringMatching(/^\d{14}$/),
      });
      // The fault played once: the next voucher is answered normally.
      expect(await requestCae(wsfe, auth, factura(2, 3))).toMatchObject({
        status: 'approved',
        number: 3,
      });
      if (fault.kind === 'timeout')
        await new Promise((resolve) => setTimeout(resolve, fault.holdMs));
    });
  }
});
