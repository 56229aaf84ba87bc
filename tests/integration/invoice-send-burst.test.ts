import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getEnv } from '@/lib/config';
import { schema, type Db } from '@/lib/db';
import type { Runner } from '@/lib/transform';
import { describeEachDatabase } from './support/databases';
import {
  facturaB,
  invoiceEntry,
  invoiceRunner,
  registeredSupplier,
  sendJob,
  simulatorInvoices,
  waitForJobs,
} from './support/invoice-fixtures';
import { retireJobs } from './support/runner-fixtures';
import { startWsfeProxy } from './support/wsfe-proxy';
import { startSimulator, type RunningSimulator } from '../fixtures/arca/simulator-server';

// A month-end burst on a runner with the default concurrency (docs/invoicing.md, Batches): a send
// waiting for its sequence's turn gives its runner slot back, so the runner keeps claiming, up to
// RUNNER_MAX_WAITING jobs more than it runs, and the waiting sends go in batches larger than the
// concurrency. ARCA's first answer is held until the runner holds all it may, so the next batch is
// certain to find them waiting.

const MAX_WAITING = 12;

/** Jobs the runner holds (leased, unfinished), as the database says. */
async function heldBy(db: Db, runner: Runner): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(schema.jobs)
    .where(and(eq(schema.jobs.leaseOwner, runner.id), isNull(schema.jobs.completedAt)));
  return Number(row?.n ?? 0);
}

describeEachDatabase('gov-ar.send: a burst on the default concurrency', (get) => {
  let sim: RunningSimulator;
  let runner: Runner | undefined;
  const owners: string[] = [];
  beforeAll(async () => {
    sim = await startSimulator(get().db);
  });
  afterAll(async () => {
    await runner?.stop();
    await retireJobs(get().db, owners);
    await sim?.close();
  });

  it('batches larger than the concurrency, and never more jobs held than concurrency + RUNNER_MAX_WAITING', async () => {
    const db = get().db;
    const concurrency = getEnv().runnerConcurrency;
    const bound = concurrency + MAX_WAITING;
    const invoices = 2 * bound;
    const s = await registeredSupplier(db, sim, 'sandbox');
    owners.push(s.ownerId);
    const pointOfSale = 700;
    const entryIds: string[] = [];
    for (let i = 0; i < invoices; i++)
      entryIds.push(await invoiceEntry(db, s.ownerId, facturaB(s.cuit, pointOfSale)));

    let mostHeld = 0;
    let watching = true;
    let full!: () => void;
    const heldAll = new Promise<void>((resolve) => (full = resolve));
    const watch = (async () => {
      while (watching) {
        if (runner) {
          const held = await heldBy(db, runner);
          mostHeld = Math.max(mostHeld, held);
          if (held >= bound) full();
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    const batchSizes: number[] = [];
    const proxy = await startWsfeProxy(sim.urls.sandbox.wsfe, async ({ soapAction, body }) => {
      if (!soapAction.includes('FECAESolicitar')) return;
      batchSizes.push(Number(/<ar:CantReg>(\d+)</.exec(body)?.[1]));
      // The first request waits (as for a slow ARCA) until the runner holds all it may, at most 20 s.
      if (batchSizes.length === 1)
        await Promise.race([heldAll, new Promise((resolve) => setTimeout(resolve, 20_000))]);
    });
    try {
      runner = invoiceRunner(db, sim, {
        maxWaiting: MAX_WAITING,
        step: {
          timeoutMs: 30_000,
          endpointsFor: (environment) => ({ ...sim.urls[environment], wsfe: proxy.url }),
        },
      });
      const jobs = await Promise.all(entryIds.map((id) => sendJob(db, s, id)));
      const done = await waitForJobs(
        db,
        jobs.map((j) => j.id),
        120_000,
      );
      watching = false;
      await watch;

      expect(done.map((j) => j.status)).toEqual(jobs.map(() => 'OK'));
      const atArca = (await simulatorInvoices(db, s.cuit)).filter(
        (v) => v.pointOfSale === pointOfSale,
      );
      expect(atArca.map((v) => v.number)).toEqual(
        Array.from({ length: invoices }, (_, i) => i + 1),
      );
      expect(mostHeld).toBe(bound);
      expect(Math.max(...batchSizes)).toBeGreaterThan(concurrency);
      expect(batchSizes.reduce((a, b) => a + b, 0)).toBe(invoices);
    } finally {
      watching = false;
      await watch;
      await runner?.stop();
      runner = undefined;
      await proxy.close();
    }
  });
});
