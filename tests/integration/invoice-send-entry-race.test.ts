import { afterAll, beforeAll, expect, it, vi } from 'vitest';
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
const POINT_OF_SALE = 23;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * WSFE in front of the simulator that orders the two sends: the first FECompUltimoAutorizado waits
 * until the second arrives (both senders claimed the entry's row); the second is answered only once
 * `firstDone` says the first send was recorded.
 */
async function startOrderingWsfe(target: string, firstDone: () => Promise<boolean>) {
  let arrived = 0;
  let secondArrived!: () => void;
  const second = new Promise<void>((resolve) => (secondArrived = resolve));
  return startWsfeProxy(target, async ({ soapAction }) => {
    if (!soapAction.includes('FECompUltimoAutorizado')) return;
    arrived += 1;
    if (arrived === 1) await Promise.race([second, sleep(5_000)]);
    else if (arrived === 2) {
      secondArrived();
      const until = Date.now() + 10_000;
      while (!(await firstDone()) && Date.now() < until) await sleep(20);
    }
  });
}

describeEachDatabase('gov-ar.send: two instances send the same invoice at once', (get) => {
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
      async () => (await sendRow(db, entryId))?.status === 'approved',
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

  it('the second sender numbers after the first was approved: still one invoice at ARCA', async () => {
    const db = get().db;
    const s = supplier;
    entryId = await invoiceEntry(db, s.ownerId, facturaB(s.cuit, POINT_OF_SALE));
    const jobs = await Promise.all([sendJob(db, s, entryId), sendJob(db, s, entryId)]);
    const done = await Promise.all(
      jobs.map((j) => waitForJobState(db, s.ownerId, j.id, isDone, 40_000)),
    );
    expect(done.map((j) => j.status)).toEqual(['OK', 'OK']);
    expect((await simulatorInvoices(db, s.cuit)).map((h) => h.number)).toEqual([1]);
    expect(await sendRow(db, entryId)).toMatchObject({ status: 'approved', number: 1 });
  });
});
