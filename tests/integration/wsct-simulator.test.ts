import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createCsr,
  cuitCheckDigit,
  generateKeyPair,
  getAccessTicket,
  getCtCatalogue,
  getCtPointsOfSale,
  getCtVoucher,
  getLastCtAuthorized,
  getVoucher,
  requestCtCae,
  type ArcaEnvironment,
  type CtVoucher,
  type WsctAuth,
} from '@/lib/arca';
import { addPointOfSale } from '@/lib/arca-simulator';
import { buildInvoice, toCtVoucher } from '@/lib/invoice-model';
import { describeEachDatabase } from './support/databases';
import {
  startSimulator,
  submitForm,
  textareaContent,
  type RunningSimulator,
} from '../fixtures/arca/simulator-server';

function newCuit(): string {
  for (;;) {
    const body = `30${String(randomInt(10_000_000, 99_999_999))}`;
    const digit = cuitCheckDigit(body);
    if (digit !== undefined) return body + digit;
  }
}

const today = () => new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);

/** A Factura T as a GOBL client sends it (GOBL's tourism example's shape), built, then mapped. */
function facturaT(cuit: string, pointOfSale: number, docType = '195'): CtVoucher {
  const built = buildInvoice(
    {
      $schema: 'https://gobl.org/draft-0/bill/invoice',
      $addons: ['ar-arca-v4'],
      issue_date: today(),
      series: String(pointOfSale),
      tax: {
        prices_include: 'VAT',
        ext: { 'ar-arca-doc-type': docType, 'ar-arca-tourism-type': '1' },
      },
      supplier: { name: 'Hotel del Glaciar SA', tax_id: { country: 'AR', code: cuit } },
      customer: {
        name: 'John Smith',
        identities: [{ key: 'passport', code: 'X1234567', ext: { 'ar-arca-identity-type': '94' } }],
        addresses: [{ street: '5th Avenue 100', locality: 'New York', country: 'US' }],
      },
      lines: [
        {
          quantity: '2',
          item: { name: 'Habitación - noche', price: '121000.00' },
          taxes: [{ cat: 'VAT', rate: 'general', ext: { 'ar-arca-tourism-item': '2' } }],
        },
      ],
      ordering: { period: { start: today(), end: today() } },
      payment: { terms: { key: 'due-date', due_dates: [{ date: today(), percent: '100%' }] } },
    },
    { regime: 'responsable_inscripto', today: today() },
  );
  if (!built.ok) throw new Error(JSON.stringify(built.problems));
  const mapped = toCtVoucher(
    built.value.doc,
    { cuit, regime: 'responsable_inscripto' },
    pointOfSale,
  );
  if (!mapped.ok) throw new Error(JSON.stringify(mapped.problems));
  return mapped.value;
}

describeEachDatabase('ARCA simulator: WSCT (Factura T) through the real client', (get) => {
  let sim: RunningSimulator;
  beforeAll(async () => {
    sim = await startSimulator(get().db);
  });
  afterAll(() => sim.close());

  /** A hotel with a homologación certificate authorised for `services`, and a ticket for each. */
  async function hotel(services: string[] = ['wsct'], environment: ArcaEnvironment = 'sandbox') {
    const db = get().db;
    const cuit = newCuit();
    const alias = `hotel${cuit.slice(-6)}`;
    const { privateKeyPem } = await generateKeyPair();
    const csr = await createCsr({ companyName: 'Hotel SA', alias, cuit, privateKeyPem });
    const issued = await submitForm(`${sim.base}/sandbox/wsass/certificados`, { alias, csr });
    const certificatePem = textareaContent(
      await (await fetch(new URL(issued.location, sim.base))).text(),
      'pem',
    );
    const tickets: Record<string, WsctAuth> = {};
    for (const service of services) {
      await submitForm(`${sim.base}/sandbox/wsass/autorizaciones`, { cuit, alias, service });
      const ticket = await getAccessTicket({
        db,
        environment,
        url: sim.urls[environment].wsaa,
        certificatePem,
        privateKeyPem,
        service,
        now: () => sim.clock.now,
      });
      if (!ticket.ok) throw new Error(`no ticket: ${ticket.outcome.code}`);
      tickets[service] = { token: ticket.ticket.token, sign: ticket.ticket.sign, cuit };
    }
    return { cuit, tickets, wsct: { url: `${sim.base}/${environment}/wsct` } };
  }

  it('last number, authorise → CAE, consult: numbered per point of sale and type, commit once', async () => {
    const { cuit, tickets, wsct } = await hotel();
    const auth = tickets.wsct!;
    expect(await getLastCtAuthorized(wsct, auth, 4, 195)).toMatchObject({ ok: true, value: 0 });
    const voucher = facturaT(cuit, 4);
    const first = await requestCtCae(wsct, auth, { ...voucher, numeroComprobante: 1 });
    expect(first).toMatchObject({
      status: 'approved',
      verdict: 'A',
      cuit,
      pointOfSale: 4,
      voucherType: 195,
      number: 1,
      date: today(),
      cae: expect.stringMatching(/^\d{14}$/),
      caeExpiry: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(await getLastCtAuthorized(wsct, auth, 4, 195)).toMatchObject({ ok: true, value: 1 });
    // Another type and another point of sale are other sequences.
    expect(await getLastCtAuthorized(wsct, auth, 4, 197)).toMatchObject({ ok: true, value: 0 });
    expect(await getLastCtAuthorized(wsct, auth, 5, 195)).toMatchObject({ ok: true, value: 0 });

    const consulted = await getCtVoucher(wsct, auth, 4, 195, 1);
    expect(consulted).toEqual({
      ok: true,
      events: [],
      value: {
        ...voucher,
        numeroComprobante: 1,
        codigoAutorizacion: first.status === 'approved' ? first.cae : '',
        fechaVencimiento: first.status === 'approved' ? first.caeExpiry : '',
      },
    });
    expect(await getCtVoucher(wsct, auth, 4, 195, 2)).toEqual({
      ok: true,
      value: null,
      events: [],
    });

    // The same number again, or one skipped: rejected, nothing issued.
    for (const number of [1, 3])
      expect(
        await requestCtCae(wsct, auth, { ...voucher, numeroComprobante: number }),
      ).toMatchObject({ status: 'rejected', errors: [{ code: '9002' }] });
    // Two requests for number 2 at once: exactly one commits.
    const both = await Promise.all(
      [0, 1].map(() => requestCtCae(wsct, auth, { ...voucher, numeroComprobante: 2 })),
    );
    expect(both.map((r) => r.status).sort()).toEqual(['approved', 'rejected']);
    expect(await getLastCtAuthorized(wsct, auth, 4, 195)).toMatchObject({ ok: true, value: 2 });
  });

  it('rejects a voucher whose totals do not add up, with every error at once', async () => {
    const { cuit, tickets, wsct } = await hotel();
    const voucher = facturaT(cuit, 2);
    const result = await requestCtCae(wsct, tickets.wsct!, {
      ...voucher,
      numeroComprobante: 1,
      importeTotal: '1.00',
      codigoRelacionEmisorReceptor: 9,
    });
    expect(result).toMatchObject({
      status: 'rejected',
      errors: [{ code: '9003' }, { code: '9008' }],
    });
    expect(await getLastCtAuthorized(wsct, tickets.wsct!, 2, 195)).toMatchObject({ value: 0 });
  });

  it('a wsfe ticket does not open WSCT, nor does WSFE answer for a Factura T; the catalogues answer', async () => {
    const { cuit, tickets, wsct } = await hotel(['wsfe', 'wsct']);
    const issued = await requestCtCae(wsct, tickets.wsct!, {
      ...facturaT(cuit, 6),
      numeroComprobante: 1,
    });
    expect(issued.status).toBe('approved');
    expect(await getVoucher({ url: sim.urls.sandbox.wsfe }, tickets.wsfe!, 6, 195, 1)).toEqual({
      ok: true,
      value: null,
      events: [],
    });
    expect(await getLastCtAuthorized(wsct, tickets.wsfe!, 1, 195)).toMatchObject({
      ok: false,
      outcome: { code: 'wsfe_error', params: { code: '600' } },
    });
    expect(await getCtCatalogue(wsct, tickets.wsct!, 'consultarTiposComprobantes')).toMatchObject({
      ok: true,
      value: [{ code: '195' }, { code: '196' }, { code: '197' }],
    });
    expect(await getCtCatalogue(wsct, tickets.wsct!, 'consultarCodigosItemTurismo')).toMatchObject({
      ok: true,
      value: [{ code: '1' }, { code: '2' }, { code: '5' }],
    });
  });

  it('consultarPuntosVenta lists the CAE points of sale, blocked and closed ones marked; none is an empty list', async () => {
    const { cuit, tickets, wsct } = await hotel();
    expect(await getCtPointsOfSale(wsct, tickets.wsct!)).toEqual({
      ok: true,
      value: [],
      events: [],
    });
    const db = get().db;
    const environment = 'sandbox' as const;
    await addPointOfSale(db, { environment, cuit, number: 5, closedOn: '2026-01-31' });
    await addPointOfSale(db, { environment, cuit, number: 3 });
    await addPointOfSale(db, { environment, cuit, number: 4, blocked: true });
    await addPointOfSale(db, { environment, cuit, number: 6, emissionType: 'CAEA - Ri Iva' });
    await addPointOfSale(db, { environment, cuit, number: 7, emissionType: 'Factura en Linea' });
    expect(await getCtPointsOfSale(wsct, tickets.wsct!)).toMatchObject({
      ok: true,
      value: [
        { number: 3, blocked: false, closedOn: null },
        { number: 4, blocked: true, closedOn: null },
        { number: 5, blocked: false, closedOn: '2026-01-31' },
      ],
    });
  });
});
