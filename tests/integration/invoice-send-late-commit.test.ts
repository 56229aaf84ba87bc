import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Job, Runner } from '@/lib/transform';
import { describeEachDatabase } from './support/databases';
import {
  argentinaDate,
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
const POINT_OF_SALE = 24;
const GATEWAY_TIMEOUTS = 3;

/**
 * A gateway in front of the simulated ARCA that answers the first FECAESolicitar attempts 504
 * without passing them on; the first one reaches ARCA late, just before the next attempt does.
 */
async function startSlowGateway(target: string) {
  const state = { armed: true };
  let attempts = 0;
  let late: string | undefined;
  const proxy = await startWsfeProxy(target, async ({ soapAction, body, forward }) => {
    if (!state.armed || !soapAction.includes('FECAESolicitar')) return;
    attempts += 1;
    if (attempts <= GATEWAY_TIMEOUTS) {
      late ??= body;
      return { status: 504, body: 'Gateway Timeout' };
    }
    if (late) await forward(late);
    late = undefined;
  });
  return { state, ...proxy };
}

describeEachDatabase('gov-ar.send: an unanswered attempt that ARCA commits late', (get) => {
  let sim: RunningSimulator;
  let gateway: Awaited<ReturnType<typeof startSlowGateway>>;
  let runner: Runner;
  let supplier: RegisteredSupplier;
  const owners: string[] = [];
  beforeAll(async () => {
    const db = get().db;
    sim = await startSimulator(db);
    supplier = await registeredSupplier(db, sim, 'sandbox');
    owners.push(supplier.ownerId);
    gateway = await startSlowGateway(sim.urls.sandbox.wsfe);
    runner = invoiceRunner(db, sim, {
      step: {
        timeoutMs: 5_000,
        endpointsFor: (environment) => ({ ...sim.urls[environment], wsfe: gateway.url }),
      },
    });
  });
  afterAll(async () => {
    await runner?.stop();
    await retireJobs(get().db, owners);
    await gateway?.close();
    await sim?.close();
  });

  it('ARCA then answers 10016 to a resend: its record decides, the number is never released', async () => {
    const db = get().db;
    const s = supplier;
    const entryId = await invoiceEntry(db, s.ownerId, facturaB(s.cuit, POINT_OF_SALE));
    const job = await waitForJobState(
      db,
      s.ownerId,
      (await sendJob(db, s, entryId)).id,
      isDone,
      30_000,
    );
    const held = await simulatorInvoices(db, s.cuit);
    expect(held.map((h) => h.number)).toEqual([1]);
    expect(job.status, JSON.stringify(job.faults)).toBe('OK');
    expect(await sendRow(db, entryId)).toMatchObject({
      status: 'approved',
      number: 1,
      cae: held[0]!.cae,
    });

    const again = await sendJob(db, s, entryId);
    await waitForJobState(db, s.ownerId, again.id, isDone, 30_000);
    expect((await simulatorInvoices(db, s.cuit)).map((h) => h.number)).toEqual([1]);
  });

  // ARCA's own 10016 about a date (a voucher only ARCA holds is later) is in invoice-send.test.ts.
  it('dated before the voucher just approved: refused before sending, nothing at ARCA, no number taken', async () => {
    const db = get().db;
    gateway.state.armed = false;
    const s = await registeredSupplier(db, sim, 'sandbox');
    owners.push(s.ownerId);
    const first = await invoiceEntry(db, s.ownerId, facturaB(s.cuit, POINT_OF_SALE));
    await waitForJobState(db, s.ownerId, (await sendJob(db, s, first)).id, isDone, 30_000);
    const earlier = facturaB(s.cuit, POINT_OF_SALE, { issue_date: argentinaDate(-1) });
    const entryId = await invoiceEntry(db, s.ownerId, earlier);
    const job = await waitForJobState(
      db,
      s.ownerId,
      (await sendJob(db, s, entryId)).id,
      isDone,
      30_000,
    );
    expect(job.faults[0]).toMatchObject({ code: 'arca_would_reject' });
    expect(job.faults[0]!.message).toMatch(/\(ARCA 10016\)$/);
    expect(await sendRow(db, entryId)).toBeUndefined();
    expect((await simulatorInvoices(db, s.cuit)).map((h) => h.number)).toEqual([1]);
  });
});
