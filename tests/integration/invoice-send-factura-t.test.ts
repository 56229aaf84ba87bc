import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { injectWsfeFault } from '@/lib/arca-simulator';
import { schema } from '@/lib/db';
import { getEntry } from '@/lib/silo';
import type { Job, Runner } from '@/lib/transform';
import { describeEachDatabase } from './support/databases';
import {
  argentinaDate,
  invoiceEntry,
  invoiceRunner,
  registeredSupplier,
  sendJob,
  sendRow,
  simulatorInvoices,
} from './support/invoice-fixtures';
import { retireJobs, waitForJobState } from './support/runner-fixtures';
import { startSimulator, type RunningSimulator } from '../fixtures/arca/simulator-server';

const isDone = (job: Job) => !!job.completedAt;
type Stamps = { prv: string; val: string }[];
type DocType = '195' | '196' | '197';
const KINDS = { '195': 'standard', '196': 'debit-note', '197': 'credit-note' } as const;
const NAMES = { '195': 'Factura T', '196': 'Nota de Débito T', '197': 'Nota de Crédito T' };

/**
 * A Factura T (or its notes) from a hotel to a Brazilian passport holder: two nights at 50,000 net
 * (prices without IVA), 21 % IVA refunded to the tourist, so WSCT's total is the net, 100,000.
 */
function facturaT(cuit: string, pointOfSale: number, docType: DocType, extra = {}) {
  return {
    $schema: 'https://gobl.org/draft-0/bill/invoice',
    $addons: ['ar-arca-v4'],
    type: KINDS[docType],
    series: String(pointOfSale),
    issue_date: argentinaDate(),
    currency: 'ARS',
    tax: { ext: { 'ar-arca-doc-type': docType, 'ar-arca-tourism-type': '1' } },
    supplier: { name: 'Hostería del Lago SA', tax_id: { country: 'AR', code: cuit } },
    customer: {
      name: 'Ana Souza',
      identities: [{ key: 'passport', code: 'FX 482913', ext: { 'ar-arca-identity-type': '94' } }],
      addresses: [{ street: 'Rua das Flores', num: '120', locality: 'Curitiba', country: 'BR' }],
    },
    lines: [
      {
        quantity: '2',
        item: { name: 'Habitación doble - noche', price: '50000.00' },
        taxes: [{ cat: 'VAT', rate: 'general', ext: { 'ar-arca-tourism-item': '2' } }],
      },
    ],
    ordering: { period: { start: argentinaDate(-2), end: argentinaDate() } },
    ...(docType === '195'
      ? {}
      : {
          preceding: [
            {
              type: 'standard',
              series: String(pointOfSale),
              code: '1',
              issue_date: argentinaDate(),
              ext: { 'ar-arca-doc-type': '195' },
            },
          ],
        }),
    ...extra,
  };
}

const qrOf = (stamps: Record<string, string>) =>
  JSON.parse(
    Buffer.from(stamps['arca-qr']!.replace('https://www.afip.gob.ar/fe/qr/?p=', ''), 'base64')
      .toString()
      .replace(/"importe":([\d.]+)/, '"importe":"$1"'),
  ) as Record<string, unknown>;

describeEachDatabase('gov-ar.send: Factura T through WSCT, to the simulated ARCA', (get) => {
  let sim: RunningSimulator;
  let runner: Runner;
  const owners: string[] = [];
  beforeAll(async () => {
    sim = await startSimulator(get().db);
    runner = invoiceRunner(get().db, sim, { concurrency: 8, step: { timeoutMs: 5_000 } });
  });
  afterAll(async () => {
    await runner?.stop();
    await retireJobs(get().db, owners);
    await sim?.close();
  });
  const supplier = async (
    services: ('wsfe' | 'wsct')[] = ['wsfe', 'wsct'],
    live?: { pointsOfSale: number[] },
  ) => {
    const made = await registeredSupplier(get().db, sim, live ? 'live' : 'sandbox', {
      services,
      ...live,
    });
    owners.push(made.ownerId);
    return made;
  };
  const send = async (s: Awaited<ReturnType<typeof supplier>>, doc: Record<string, unknown>) => {
    const db = get().db;
    const entryId = await invoiceEntry(db, s.ownerId, doc);
    const job = await sendJob(db, s, entryId);
    return { entryId, job: await waitForJobState(db, s.ownerId, job.id, isDone, 30_000) };
  };

  it('195, 196 and 197: each approved through WSCT with its CAE, QR and PDF, numbered on its own sequence', async () => {
    const db = get().db;
    const s = await supplier();
    const before = sim.methods.length;
    for (const docType of ['195', '196', '197'] as const) {
      const { entryId, job } = await send(s, facturaT(s.cuit, 5, docType));
      expect(job.status, `${docType}: ${JSON.stringify(job.faults)}`).toBe('OK');
      expect(job.intents.find((i) => i.provider === 'gov-ar.send')?.events.at(-1)?.message).toBe(
        `${NAMES[docType]} 0005-00000001 approved, CAE ${(await sendRow(db, entryId))!.cae}`,
      );
      const entry = (await getEntry(db, s.ownerId, entryId))!;
      expect(entry.state).toBe('sent');
      const envelope = entry.data as { head: { stamps: Stamps }; doc: Record<string, unknown> };
      expect(envelope.doc.code).toBe('1');
      const stamps = Object.fromEntries(envelope.head.stamps.map((st) => [st.prv, st.val]));
      expect(stamps['arca-cae']).toMatch(/^\d{14}$/);
      expect(stamps['arca-cae-expiry']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      // ARCA's QR for a T: WSCT's total (net + IVA − the IVA refunded); a passport's letters
      // cannot be the specification's numeric nroDocRec, so the document is left out.
      expect(qrOf(stamps)).toEqual({
        ver: 1,
        fecha: argentinaDate(),
        cuit: Number(s.cuit),
        ptoVta: 5,
        tipoCmp: Number(docType),
        nroCmp: 1,
        importe: '100000.00',
        moneda: 'PES',
        ctz: 1,
        tipoCodAut: 'E',
        codAut: Number(stamps['arca-cae']),
      });
      expect(await sendRow(db, entryId)).toMatchObject({
        status: 'approved',
        voucherType: Number(docType),
        number: 1,
        cae: stamps['arca-cae'],
        caeExpiry: stamps['arca-cae-expiry']!.replace(/-/g, ''),
        voucher: expect.objectContaining({ service: 'wsct', CbteNro: 1 }),
      });
      expect(entry.meta.find((m) => m.key === 'arca-response')?.value).toMatchObject({
        result: 'A',
        voucher_type: Number(docType),
        point_of_sale: 5,
        number: 1,
        cae: stamps['arca-cae'],
        cae_expiry: stamps['arca-cae-expiry'],
      });
      const [file, ...more] = await db
        .select()
        .from(schema.entryFiles)
        .where(and(eq(schema.entryFiles.entryId, entryId), eq(schema.entryFiles.key, 'pdf')));
      expect(more).toEqual([]);
      expect(file!.name).toMatch(/-T-0005-00000001\.pdf$/);
      expect(file!.content.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const held = await simulatorInvoices(db, s.cuit);
    expect(held.map((h) => [h.pointOfSale, h.voucherType, h.number])).toEqual([
      [5, 195, 1],
      [5, 196, 1],
      [5, 197, 1],
    ]);
    const seen = sim.methods.slice(before);
    expect(seen.filter((m) => m === 'autorizarComprobante')).toHaveLength(3);
    expect(seen).not.toContain('FECAESolicitar');
  });

  it("rejected by WSCT (dated before a voucher another system issued): KO with ARCA's code, the number released and used by the next", async () => {
    const db = get().db;
    const s = await supplier();
    await db.insert(schema.arcaSimInvoices).values({
      environment: 'sandbox',
      cuit: s.cuit,
      pointOfSale: 6,
      voucherType: 195,
      number: 1,
      voucherDate: argentinaDate(1).replace(/-/g, ''),
      request: {},
      cae: '12345678901234',
      caeExpiry: argentinaDate(11).replace(/-/g, ''),
    });
    const { entryId, job } = await send(s, facturaT(s.cuit, 6, '195'));
    expect(job.status).toBe('KO');
    expect(job.faults[0]).toMatchObject({ code: 'arca_rejected', provider: 'gov-ar' });
    expect(job.faults[0]!.message).toMatch(
      /^ARCA rejected Factura T 0006-00000002; the number is free again\. 9002: Simulador: el numero o la fecha/,
    );
    expect(await sendRow(db, entryId)).toMatchObject({ status: 'rejected', number: null });
    const entry = (await getEntry(db, s.ownerId, entryId))!;
    expect(entry.state).toBe('error');
    expect(entry.meta.find((m) => m.key === 'arca-response')?.value).toMatchObject({
      result: 'R',
      errors: [expect.objectContaining({ code: 9002 })],
    });
    const next = await send(s, facturaT(s.cuit, 6, '195', { issue_date: argentinaDate(1) }));
    expect(next.job.status, JSON.stringify(next.job.faults)).toBe('OK');
    expect(await sendRow(db, next.entryId)).toMatchObject({ status: 'approved', number: 2 });
  });

  it('a certificate not authorised for wsct: KO saying how to add the service in ARCA, nothing sent', async () => {
    const db = get().db;
    const s = await supplier(['wsfe']);
    const before = sim.methods.length;
    const { entryId, job } = await send(s, facturaT(s.cuit, 7, '195'));
    expect(job.status).toBe('KO');
    expect(job.faults[0]).toMatchObject({ code: 'arca_not_authorized', provider: 'gov-ar' });
    expect(job.faults[0]!.message).toMatch(/nothing was sent/);
    expect(job.faults[0]!.message).toMatch(/Factura T/);
    expect(job.faults[0]!.message).toMatch(
      /Administrador de Relaciones de Clave Fiscal → "Nueva Relación" → ARCA → WebServices → "wsct"/,
    );
    expect(job.faults[0]!.message).toMatch(/\(WSAA: wsaa_not_authorized_wsct\)$/);
    expect(await sendRow(db, entryId)).toBeUndefined();
    expect(sim.methods.slice(before)).not.toContain('autorizarComprobante');
    expect(await simulatorInvoices(db, s.cuit)).toEqual([]);
  });

  it(
    'WSCT commits the voucher, then the answer times out: the CAE is adopted after consulting, one voucher at ARCA',
    { timeout: 60_000 },
    async () => {
      const db = get().db;
      const s = await supplier();
      injectWsfeFault(
        { environment: 'sandbox', cuit: s.cuit, pointOfSale: 8 },
        { kind: 'timeout', holdMs: 6_000 },
      );
      const before = sim.methods.length;
      const { entryId, job } = await send(s, facturaT(s.cuit, 8, '195'));
      expect(job.status, JSON.stringify(job.faults)).toBe('OK');
      const held = await simulatorInvoices(db, s.cuit);
      expect(held.map((h) => h.number)).toEqual([1]);
      expect(await sendRow(db, entryId)).toMatchObject({
        status: 'approved',
        number: 1,
        cae: held[0]!.cae,
      });
      const seen = sim.methods.slice(before);
      expect(seen.filter((m) => m === 'autorizarComprobante')).toHaveLength(1);
      expect(seen).toContain('consultarComprobanteTipoPVentaNro');
    },
  );

  it('live: a point of sale WSCT lists is used; one it does not list is refused before numbering, saying how to register it', async () => {
    const db = get().db;
    const s = await supplier(['wsfe', 'wsct'], { pointsOfSale: [9] });
    const before = sim.methods.length;
    const approved = await send(s, facturaT(s.cuit, 9, '195'));
    expect(approved.job.status, JSON.stringify(approved.job.faults)).toBe('OK');
    expect(sim.methods.slice(before)).toContain('consultarPuntosVenta');

    const refused = await send(s, facturaT(s.cuit, 12, '195'));
    expect(refused.job.status).toBe('KO');
    expect(refused.job.faults[0]).toMatchObject({ code: 'point_of_sale_not_usable' });
    expect(refused.job.faults[0]!.message).toMatch(
      /^Point of sale 0012 is not registered for web services: nothing was sent\. A Factura T needs a point of sale enabled for «Comprobantes T»/,
    );
    expect(await sendRow(db, refused.entryId)).toBeUndefined();
    expect((await simulatorInvoices(db, s.cuit)).map((h) => h.pointOfSale)).toEqual([9]);
  });
});
