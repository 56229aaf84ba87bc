import { afterAll, beforeAll, expect, it } from 'vitest';
import { injectWsfeFault } from '@/lib/arca-simulator';
import type { Db } from '@/lib/db';
import { createLocalTurns, SendQueue, type InvoiceStepOptions } from '@/lib/invoices';
import type { Runner } from '@/lib/transform';
import { describeEachDatabase } from './support/databases';
import {
  facturaB,
  invoiceEntry,
  invoiceRunner,
  registeredSupplier,
  sendJob,
  sendRow,
  simulatorInvoices,
  waitForJobs,
  type RegisteredSupplier,
} from './support/invoice-fixtures';
import { retireJobs } from './support/runner-fixtures';
import { startWsfeProxy } from './support/wsfe-proxy';
import { startSimulator, type RunningSimulator } from '../fixtures/arca/simulator-server';

// Batches (docs/invoicing.md, Batches): the sends of one sequence waiting in a process's queue go in
// one FECAESolicitar, and a process that holds the sequence numbers without FECompUltimoAutorizado.
// Each test's runner holds the first turn until all its sends have queued, so the batch is certain.

/** A process's turns whose first one waits until `expected` sends have queued for their turn. */
function turnsQueuingFirst(expected: number): NonNullable<InvoiceStepOptions['turns']> {
  const inTurn = createLocalTurns();
  let queued = 0;
  let release!: () => void;
  const all = new Promise<void>((resolve) => (release = resolve));
  return {
    inTurn(key, work) {
      queued += 1;
      if (queued >= expected) release();
      return inTurn(key, async () => {
        await all;
        return work();
      });
    },
    pause: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  };
}

describeEachDatabase('gov-ar.send: batches and one round trip', (get) => {
  let sim: RunningSimulator;
  let running: Runner | undefined;
  const owners: string[] = [];
  let nextPointOfSale = 600;
  beforeAll(async () => {
    sim = await startSimulator(get().db);
  });
  afterAll(async () => {
    await running?.stop();
    await retireJobs(get().db, owners);
    await sim?.close();
  });

  async function supplier(): Promise<RegisteredSupplier> {
    const made = await registeredSupplier(get().db, sim, 'sandbox');
    owners.push(made.ownerId);
    return made;
  }
  // One runner at a time: each test's jobs go to its own runner (its turns, its queue, its ARCA).
  async function runner(db: Db, step: InvoiceStepOptions) {
    await running?.stop();
    running = invoiceRunner(db, sim, { concurrency: 16, step: { timeoutMs: 5_000, ...step } });
  }
  /** `count` invoices on a new point of sale, their jobs created at once; the entries and jobs done. */
  async function sendAtOnce(s: RegisteredSupplier, count: number, docOf = facturaB) {
    const db = get().db;
    const pointOfSale = nextPointOfSale++;
    const entryIds: string[] = [];
    for (let i = 0; i < count; i++)
      entryIds.push(await invoiceEntry(db, s.ownerId, docOf(s.cuit, pointOfSale)));
    const jobs = await Promise.all(entryIds.map((id) => sendJob(db, s, id)));
    const done = await waitForJobs(
      db,
      jobs.map((j) => j.id),
      60_000,
    );
    const byId = new Map(done.map((j) => [j.id, j]));
    return {
      pointOfSale,
      entryIds,
      jobs: jobs.map((j) => byId.get(j.id)!),
      rows: await Promise.all(entryIds.map((id) => sendRow(db, id))),
    };
  }
  /** The simulated WSFE's calls since the count was last cleared, per method. */
  const callCounts = () =>
    sim.methods.reduce<Record<string, number>>(
      (counts, method) => ({ ...counts, [method]: (counts[method] ?? 0) + 1 }),
      {},
    );
  const heldAtArca = async (s: RegisteredSupplier, pointOfSale: number) =>
    (await simulatorInvoices(get().db, s.cuit)).filter((v) => v.pointOfSale === pointOfSale);

  it('6 invoices waiting on one point of sale: one FECAESolicitar, numbers 1..6, each its own CAE', async () => {
    const s = await supplier();
    await runner(get().db, { turns: turnsQueuingFirst(6), queue: new SendQueue() });
    sim.methods.length = 0;
    const sent = await sendAtOnce(s, 6);
    expect(sent.jobs.map((j) => j.status)).toEqual(Array(6).fill('OK'));
    expect(callCounts().FECAESolicitar).toBe(1);
    const atArca = await heldAtArca(s, sent.pointOfSale);
    expect(atArca.map((v) => v.number)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const row of sent.rows) {
      expect(row).toMatchObject({ status: 'approved' });
      expect(atArca.find((v) => v.number === row!.number)?.cae).toBe(row!.cae);
    }
  });

  it('one voucher rejected in the middle: those before approved, it rejected, the rest sent again under the next numbers', async () => {
    const s = await supplier();
    let tampered = false;
    // ARCA finds the third voucher of the first batch invalid (its total off: 10048).
    const proxy = await startWsfeProxy(
      sim.urls.sandbox.wsfe,
      async ({ soapAction, body, forward }) => {
        if (tampered || !soapAction.includes('FECAESolicitar') || !body.includes('<ar:CantReg>5<'))
          return;
        tampered = true;
        let detail = 0;
        const answer = await forward(
          body.replace(/<ar:ImpTotal>[^<]*<\/ar:ImpTotal>/g, (total) =>
            ++detail === 3 ? '<ar:ImpTotal>1.00</ar:ImpTotal>' : total,
          ),
        );
        return { status: answer.status, body: await answer.text() };
      },
    );
    try {
      await runner(get().db, {
        turns: turnsQueuingFirst(5),
        queue: new SendQueue(),
        endpointsFor: (environment) => ({ ...sim.urls[environment], wsfe: proxy.url }),
      });
      const sent = await sendAtOnce(s, 5);
      const statuses = sent.jobs.map((j) => j.status).sort();
      expect(statuses).toEqual(['KO', 'OK', 'OK', 'OK', 'OK']);
      // Numbers 1 and 2 went first; 3 was rejected and freed; 4 and 5 were not processed, freed,
      // and sent again: ARCA holds 1..4, no gap, no invoice twice.
      const atArca = await heldAtArca(s, sent.pointOfSale);
      expect(atArca.map((v) => v.number)).toEqual([1, 2, 3, 4]);
      const approved = sent.rows.filter((r) => r!.status === 'approved');
      expect(approved.map((r) => r!.number).sort()).toEqual([1, 2, 3, 4]);
      for (const row of approved)
        expect(atArca.find((v) => v.number === row!.number)?.cae).toBe(row!.cae);
      const rejected = sent.rows.filter((r) => r!.status === 'rejected');
      expect(rejected).toHaveLength(1);
      expect(JSON.stringify(rejected[0]!.observations)).toMatch(/10048/);
    } finally {
      await proxy.close();
    }
  });

  it('ARCA commits a batch and the answer times out: each number reconciled with FECompConsultar, nothing sent twice', async () => {
    const s = await supplier();
    await runner(get().db, {
      turns: turnsQueuingFirst(4),
      queue: new SendQueue(),
      timeoutMs: 1_000,
    });
    const pointOfSale = nextPointOfSale;
    injectWsfeFault(
      { environment: 'sandbox', cuit: s.cuit, pointOfSale },
      { kind: 'timeout', holdMs: 3_000 },
    );
    sim.methods.length = 0;
    const sent = await sendAtOnce(s, 4);
    expect(sent.pointOfSale).toBe(pointOfSale);
    expect(sent.jobs.map((j) => j.status)).toEqual(Array(4).fill('OK'));
    const calls = callCounts();
    expect(calls, JSON.stringify(calls)).toMatchObject({ FECAESolicitar: 1, FECompConsultar: 4 });
    const atArca = await heldAtArca(s, pointOfSale);
    expect(atArca.map((v) => v.number)).toEqual([1, 2, 3, 4]);
    for (const row of sent.rows) {
      expect(row).toMatchObject({ status: 'approved' });
      expect(atArca.find((v) => v.number === row!.number)?.cae).toBe(row!.cae);
    }
  });

  it('one at a time: FECompUltimoAutorizado asked once while this process holds the sequence, again after a doubt', async () => {
    const s = await supplier();
    const db = get().db;
    await runner(db, { queue: new SendQueue() });
    const pointOfSale = nextPointOfSale++;
    const sendOne = async () => {
      const entryId = await invoiceEntry(db, s.ownerId, facturaB(s.cuit, pointOfSale));
      const job = await sendJob(db, s, entryId);
      const [done] = await waitForJobs(db, [job.id], 30_000);
      return done!;
    };
    sim.methods.length = 0;
    for (let i = 0; i < 4; i++) expect((await sendOne()).status).toBe('OK');
    expect(callCounts()).toMatchObject({ FECompUltimoAutorizado: 1, FECAESolicitar: 4 });
    // A doubt (the answer lost after ARCA committed it): reconciled, then the next send asks again.
    injectWsfeFault({ environment: 'sandbox', cuit: s.cuit, pointOfSale }, { kind: 'http_500' });
    expect((await sendOne()).status).toBe('OK');
    sim.methods.length = 0;
    expect((await sendOne()).status).toBe('OK');
    expect(callCounts()).toMatchObject({ FECompUltimoAutorizado: 1, FECAESolicitar: 1 });
    expect((await heldAtArca(s, pointOfSale)).map((v) => v.number)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
