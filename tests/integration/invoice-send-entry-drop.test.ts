import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { schema } from '@/lib/db';
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

// Two app instances: each has its own in-process queue, so only the database decides between them.
vi.mock('@/lib/invoices/local-turn', () => ({
  inLocalTurn: <T>(_key: string, work: () => Promise<T>) => work(),
}));

const isDone = (job: Job) => !!job.completedAt;
const POINT_OF_SALE = 25;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * WSFE in front of the simulator that orders the two senders: the first FECompUltimoAutorizado
 * waits for the second (both senders claimed the entry's row); the second goes through, and its
 * sender's FECAESolicitar waits until the first sender, told 500, gave its claim back.
 */
async function startOrderingWsfe(target: string, firstGaveUp: () => Promise<boolean>) {
  let lastCalls = 0;
  let caeCalls = 0;
  let secondArrived!: () => void;
  const second = new Promise<void>((resolve) => (secondArrived = resolve));
  let failFirst!: () => void;
  const firstFails = new Promise<void>((resolve) => (failFirst = resolve));
  return startWsfeProxy(target, async ({ soapAction }) => {
    if (soapAction.includes('FECompUltimoAutorizado')) {
      lastCalls += 1;
      if (lastCalls === 1) {
        await Promise.race([second, sleep(5_000)]);
        await Promise.race([firstFails, sleep(5_000)]);
        return { status: 500, body: 'Internal Server Error' };
      }
      if (lastCalls === 2) secondArrived();
    }
    if (soapAction.includes('FECAESolicitar') && ++caeCalls === 1) {
      failFirst();
      const until = Date.now() + 5_000;
      while (!(await firstGaveUp()) && Date.now() < until) await sleep(20);
    }
  });
}

describeEachDatabase(
  'gov-ar.send: two instances send the same invoice, one cannot ask ARCA',
  (get) => {
    let sim: RunningSimulator;
    let ordering: Awaited<ReturnType<typeof startOrderingWsfe>>;
    let runner: Runner;
    let supplier: RegisteredSupplier;
    let entryId = '';
    beforeAll(async () => {
      const db = get().db;
      sim = await startSimulator(db);
      supplier = await registeredSupplier(db, sim, 'sandbox');
      ordering = await startOrderingWsfe(
        sim.urls.sandbox.wsfe,
        async () =>
          (await sendRow(db, entryId))?.number !== 1 ||
          (await db.select().from(schema.jobs).where(eq(schema.jobs.siloEntryId, entryId))).some(
            (j) => j.status === 'ERR',
          ),
      );
      runner = invoiceRunner(db, sim, {
        concurrency: 2,
        step: {
          timeoutMs: 15_000,
          endpointsFor: (environment) => ({ ...sim.urls[environment], wsfe: ordering.url }),
        },
      });
    });
    afterAll(async () => {
      await runner?.stop();
      if (supplier) await retireJobs(get().db, [supplier.ownerId]);
      await ordering?.close();
      await sim?.close();
    });

    it("the sender that gives its claim back leaves the other's number alone: one invoice at ARCA", async () => {
      const db = get().db;
      const s = supplier;
      entryId = await invoiceEntry(db, s.ownerId, facturaB(s.cuit, POINT_OF_SALE));
      const jobs = await Promise.all([sendJob(db, s, entryId), sendJob(db, s, entryId)]);
      const done = await Promise.all(
        jobs.map((j) => waitForJobState(db, s.ownerId, j.id, isDone, 40_000)),
      );
      expect(
        done.map((j) => j.status),
        JSON.stringify(done.map((j) => j.faults)),
      ).toEqual(['OK', 'OK']);
      expect((await simulatorInvoices(db, s.cuit)).map((h) => h.number)).toEqual([1]);
      expect(await sendRow(db, entryId)).toMatchObject({ status: 'approved', number: 1 });
      expect((await getEntry(db, s.ownerId, entryId))!.state).toBe('sent');
    });
  },
);
