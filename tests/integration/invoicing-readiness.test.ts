import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addPointOfSale, authorizeService, issueCertificate } from '@/lib/arca-simulator';
import { schema, type Db } from '@/lib/db';
import {
  checkInvoicingReadiness,
  createRegistrationLink,
  getRegistrationByRef,
  prepareCsr,
  validateCertificate,
  type RegistrationView,
} from '@/lib/registration';
import { createEntry } from '@/lib/silo';
import { createWorkspace } from '@/lib/workspaces';
import { startSimulator, type RunningSimulator } from '../fixtures/arca/simulator-server';
import { newCuit } from '../support/new-cuit';
import { describeEachDatabase } from './support/databases';

describeEachDatabase('invoicing readiness (FECompUltimoAutorizado per point of sale)', (get) => {
  let sim: RunningSimulator;
  beforeAll(async () => {
    sim = await startSimulator(get().db);
  });
  afterAll(() => sim.close());

  /** A live registration whose certificate ARCA (the simulator) issued and authorised for wsfe. */
  async function validatedLiveSupplier(db: Db): Promise<RegistrationView> {
    const workspace = await createWorkspace(db, { name: 'readiness test', environment: 'live' });
    const { entry } = await createEntry(db, workspace.id, {
      body: {
        folder: 'suppliers',
        data: { name: 'Panadería La Espiga SRL', tax_id: { country: 'AR', code: newCuit() } },
      },
    });
    const ref = (await createRegistrationLink(db, workspace.id, entry.id)).ref!;
    const registration = (await getRegistrationByRef(db, ref))!;
    const { csrPem } = await prepareCsr(db, registration, 'listo1');
    const issued = await issueCertificate(db, { environment: 'live', csrPem });
    if (!issued.ok) throw new Error(`the simulator refused the CSR: ${issued.error}`);
    await authorizeService(db, {
      environment: 'live',
      cuit: registration.company.cuit,
      alias: 'listo1',
    });
    const validated = await validateCertificate(
      db,
      (await getRegistrationByRef(db, ref))!,
      issued.certificatePem,
      sim.urls.live,
    );
    expect(validated.ok).toBe(true);
    return (await getRegistrationByRef(db, ref))!;
  }

  /** Vouchers ARCA already holds (as if issued by another system), up to `last`. */
  async function issuedAtArca(
    db: Db,
    cuit: string,
    pointOfSale: number,
    voucherType: number,
    last: number,
  ) {
    await db.insert(schema.arcaSimInvoices).values({
      environment: 'live',
      cuit,
      pointOfSale,
      voucherType,
      number: last,
      voucherDate: '20260102',
      request: {},
      cae: '76012345678901',
      caeExpiry: '20260112',
    });
  }

  it('with no point of sale registered: no point of sale, nothing ready', async () => {
    const supplier = await validatedLiveSupplier(get().db);
    const readiness = await checkInvoicingReadiness(
      get().db,
      { ...supplier, regime: 'monotributista' },
      sim.urls.live,
    );
    expect(readiness).toEqual({ ok: true, voucherTypes: [11], points: [] });
  });

  it('reads the last Factura C of each usable point of sale, and says why the others cannot be used', async () => {
    const db = get().db;
    const supplier = await validatedLiveSupplier(db);
    const cuit = supplier.company.cuit;
    await addPointOfSale(db, {
      environment: 'live',
      cuit,
      number: 2,
      emissionType: 'CAE - Monotributo',
    });
    await addPointOfSale(db, {
      environment: 'live',
      cuit,
      number: 3,
      emissionType: 'CAE - Monotributo',
      blocked: true,
    });
    await addPointOfSale(db, {
      environment: 'live',
      cuit,
      number: 4,
      emissionType: 'CAEA - Ri Iva',
    });
    await addPointOfSale(db, {
      environment: 'live',
      cuit,
      number: 5,
      emissionType: 'CAE - Monotributo',
      closedOn: '2025-03-31',
    });
    await addPointOfSale(db, {
      environment: 'live',
      cuit,
      number: 6,
      emissionType: 'CAE - Monotributo',
    });
    await issuedAtArca(db, cuit, 2, 11, 123);
    // Another type on the same point of sale is not what a monotributista issues: not asked.
    await issuedAtArca(db, cuit, 2, 6, 9);

    const readiness = await checkInvoicingReadiness(
      db,
      { ...supplier, regime: 'monotributista' },
      sim.urls.live,
    );
    expect(readiness.ok).toBe(true);
    if (!readiness.ok) return;
    expect(
      readiness.points.map((p) => [p.number, p.ready, p.problem ?? null, p.lastVouchers]),
    ).toEqual([
      [2, true, null, [{ voucherType: 11, number: 123 }]],
      [3, false, 'blocked', []],
      [4, false, 'caea', []],
      [5, false, 'closed', []],
      [6, true, null, [{ voucherType: 11, number: 0 }]],
    ]);
    expect(readiness.points.find((p) => p.number === 5)?.closedOn).toBe('2025-03-31');
  });

  it('a responsable inscripto is asked for Factura A and B, each with its own last number', async () => {
    const db = get().db;
    const supplier = await validatedLiveSupplier(db);
    const cuit = supplier.company.cuit;
    await addPointOfSale(db, {
      environment: 'live',
      cuit,
      number: 7,
      emissionType: 'CAE - Ri Iva',
    });
    await issuedAtArca(db, cuit, 7, 1, 41);
    await issuedAtArca(db, cuit, 7, 6, 1200);
    await issuedAtArca(db, cuit, 7, 11, 5);

    const readiness = await checkInvoicingReadiness(
      db,
      { ...supplier, regime: 'responsable_inscripto' },
      sim.urls.live,
    );
    expect(readiness).toMatchObject({
      ok: true,
      voucherTypes: [1, 6],
      points: [
        {
          number: 7,
          ready: true,
          lastVouchers: [
            { voucherType: 1, number: 41 },
            { voucherType: 6, number: 1200 },
          ],
        },
      ],
    });
  });

  it('a point of sale whose last voucher ARCA does not answer is not ready, with ARCA’s reason', async () => {
    const db = get().db;
    const supplier = await validatedLiveSupplier(db);
    await addPointOfSale(db, {
      environment: 'live',
      cuit: supplier.company.cuit,
      number: 8,
      emissionType: 'CAE - Monotributo',
    });
    const wsfe = await wsfeRefusing('FECompUltimoAutorizado');
    try {
      const readiness = await checkInvoicingReadiness(
        db,
        { ...supplier, regime: 'exento' },
        { ...sim.urls.live, wsfe: wsfe.url },
      );
      expect(readiness).toMatchObject({
        ok: true,
        points: [
          { number: 8, usable: true, ready: false, lastVouchers: [], outcome: { ok: false } },
        ],
      });
    } finally {
      await wsfe.close();
    }
  });

  it('credentials ARCA does not accept: the whole check fails with the reason, no point of sale listed', async () => {
    const db = get().db;
    const supplier = await validatedLiveSupplier(db);
    const readiness = await checkInvoicingReadiness(
      db,
      { ...supplier, environment: 'sandbox', regime: 'monotributista' },
      sim.urls.sandbox,
    );
    expect(readiness).toMatchObject({ ok: false, outcome: { ok: false } });
    expect(readiness).not.toHaveProperty('points');
  });

  /** The live WSFE, except that `method` is answered with a SOAP fault (HTTP 500). */
  async function wsfeRefusing(method: string) {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', async () => {
        const body = Buffer.concat(chunks);
        if (String(req.headers.soapaction ?? '').includes(method)) {
          res.writeHead(500, { 'content-type': 'text/xml' });
          res.end(
            '<?xml version="1.0"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault><faultcode>soap:Server</faultcode><faultstring>Server was unable to process request.</faultstring></soap:Fault></soap:Body></soap:Envelope>',
          );
          return;
        }
        const answer = await fetch(sim.urls.live.wsfe, {
          method: 'POST',
          headers: {
            'content-type': req.headers['content-type'] ?? 'text/xml',
            soapaction: String(req.headers.soapaction ?? ''),
          },
          body,
        });
        res.writeHead(answer.status, { 'content-type': 'text/xml' });
        res.end(Buffer.from(await answer.arrayBuffer()));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  }
});
