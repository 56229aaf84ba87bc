import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { requestCae } from '@/lib/arca';
import { openTicketPart } from '@/lib/arca/wsaa/ticket-seal';
import { schema, type Db } from '@/lib/db';
import { toFeVoucher } from '@/lib/invoice-model';
import { getEntry } from '@/lib/silo';
import type { Job, Runner } from '@/lib/transform';
import { describeEachDatabase } from './support/databases';
import {
  facturaB,
  invoiceEntry,
  invoiceRunner,
  registeredSupplier,
  sendJob,
  sendRow,
  simulatorInvoices,
  type RegisteredSupplier,
} from './support/invoice-fixtures';
import { retireJobs, waitForJobState } from './support/runner-fixtures';
import { startWsfeProxy } from './support/wsfe-proxy';
import { startSimulator, type RunningSimulator } from '../fixtures/arca/simulator-server';

const isDone = (job: Job) => !!job.completedAt;
const POINT_OF_SALE = 21;

/**
 * Another system invoicing with the supplier's certificate (an accountant's program, say) issues
 * number 1 on the same point of sale through ARCA's own FECAESolicitar, with its own ticket.
 */
async function otherSystemIssues(db: Db, sim: RunningSimulator, s: RegisteredSupplier) {
  const [ticket] = await db
    .select()
    .from(schema.arcaTickets)
    .where(eq(schema.arcaTickets.cuit, s.cuit));
  const doc = facturaB(s.cuit, POINT_OF_SALE, {
    lines: [
      {
        quantity: '1',
        item: { name: 'Ajena', price: '70', key: 'goods' },
        taxes: [{ cat: 'VAT', rate: 'general' }],
      },
    ],
  });
  const mapped = toFeVoucher(doc, { cuit: s.cuit, regime: 'responsable_inscripto' }, POINT_OF_SALE);
  if (!mapped.ok) throw new Error(JSON.stringify(mapped.problems));
  const answer = await requestCae(
    { url: sim.urls.sandbox.wsfe },
    // The ticket as WSAA gave it: stored sealed, as every ticket is.
    {
      token: openTicketPart(ticket!.token, ticket!, 'token')!,
      sign: openTicketPart(ticket!.sign, ticket!, 'sign')!,
      cuit: s.cuit,
    },
    { ...mapped.value, CbteNro: 1 },
  );
  if (answer.status !== 'approved')
    throw new Error(`the other system was refused: ${JSON.stringify(answer)}`);
}

/**
 * WSFE in front of the simulator: the first FECAESolicitar waits until the other system has issued
 * number 1, so the number our FECompUltimoAutorizado read (0, next 1) is stale when ours arrives.
 */
async function startRacingWsfe(target: string, beforeFirstCae: () => Promise<void>) {
  let raced = false;
  return startWsfeProxy(target, async ({ soapAction }) => {
    if (!raced && soapAction.includes('FECAESolicitar')) {
      raced = true;
      await beforeFirstCae();
    }
  });
}

describeEachDatabase(
  'gov-ar.send: ARCA 10016 on a first send (another system took the number)',
  (get) => {
    let sim: RunningSimulator;
    let racing: Awaited<ReturnType<typeof startRacingWsfe>>;
    let runner: Runner;
    let supplier: RegisteredSupplier;
    beforeAll(async () => {
      const db = get().db;
      sim = await startSimulator(db);
      supplier = await registeredSupplier(db, sim, 'sandbox');
      racing = await startRacingWsfe(sim.urls.sandbox.wsfe, () =>
        otherSystemIssues(db, sim, supplier),
      );
      runner = invoiceRunner(db, sim, {
        step: {
          timeoutMs: 5_000,
          endpointsFor: (environment) => ({ ...sim.urls[environment], wsfe: racing.url }),
        },
      });
    });
    afterAll(async () => {
      await runner?.stop();
      if (supplier) await retireJobs(get().db, [supplier.ownerId]);
      await racing?.close();
      await sim?.close();
    });

    it("ARCA's record decides: it holds another voucher under 1, so manual review; ours is never sent again", async () => {
      const db = get().db;
      const s = supplier;
      const entryId = await invoiceEntry(db, s.ownerId, facturaB(s.cuit, POINT_OF_SALE));
      const before = sim.methods.length;
      const job = await waitForJobState(
        db,
        s.ownerId,
        (await sendJob(db, s, entryId)).id,
        isDone,
        30_000,
      );

      const seen = sim.methods.slice(before);
      // The other system's FECAESolicitar and ours (refused 10016), then the reconciliation reads ARCA.
      expect(seen.filter((m) => m === 'FECAESolicitar')).toHaveLength(2);
      expect(seen.slice(seen.lastIndexOf('FECAESolicitar') + 1)).toEqual([
        'FECompUltimoAutorizado',
        'FECompConsultar',
      ]);
      expect(job.status).toBe('KO');
      expect(job.faults[0]).toMatchObject({ code: 'arca_review' });
      expect(job.faults[0]!.message).toMatch(/ARCA holds a different voucher under number 1/);
      const held = await simulatorInvoices(db, s.cuit);
      expect(held.map((h) => [h.number, h.request])).toEqual([
        [1, expect.objectContaining({ ImpNeto: '70.00' })],
      ]);
      expect(await sendRow(db, entryId)).toMatchObject({ status: 'review', number: 1, cae: null });
      expect((await getEntry(db, s.ownerId, entryId))!.state).toBe('error');

      // Sent again (the console's "Reintentar"): still review, nothing sent, one invoice at ARCA.
      const again = await sendJob(db, s, entryId);
      const second = await waitForJobState(db, s.ownerId, again.id, isDone, 30_000);
      expect(second.faults[0]).toMatchObject({ code: 'arca_review' });
      expect(sim.methods.slice(before).filter((m) => m === 'FECAESolicitar')).toHaveLength(2);
      expect((await simulatorInvoices(db, s.cuit)).length).toBe(1);
    });
  },
);
