import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectWsfeFault } from '@/lib/arca-simulator';
import { openDatabase, type Database } from '@/lib/db';
import {
  facturaB,
  invoiceEntry,
  registeredSupplier,
  sendJob,
  sendRow,
  simulatorInvoices,
  waitForJobs,
} from '../integration/support/invoice-fixtures';
import { retireJobs } from '../integration/support/runner-fixtures';
import { workersPerTest } from '../integration/support/worker-process';
import { startSimulator, type RunningSimulator } from '../fixtures/arca/simulator-server';
import { reportCounts } from './support/counts';

const url = process.env.DATABASE_URL;
const LEASE_MS = 2_000;
const POINT_OF_SALE = 41;
const BEFORE = 3;
const AFTER = 5;

// The embedded database's version of this (one app process killed on PGlite) is
// tests/integration/invoice-send-embedded-crash.test.ts.
describe.skipIf(!url)(
  'kill -9 of the worker during an invoice send, between "pending" and ARCA\'s answer [postgres; skipped without DATABASE_URL]',
  () => {
    let database: Database;
    let sim: RunningSimulator;
    const owners: string[] = [];
    beforeAll(async () => {
      database = await openDatabase({ databaseUrl: url, dataDir: '', maxConnections: 10 });
      sim = await startSimulator(database.db);
    });
    const spawnWorker = workersPerTest(url, LEASE_MS, () => ({
      ARCA_SANDBOX_WSAA_URL: sim.urls.sandbox.wsaa,
      ARCA_SANDBOX_WSFE_URL: sim.urls.sandbox.wsfe,
    }));
    afterAll(async () => {
      await retireJobs(database.db, owners);
      await sim?.close();
      await database?.close();
    });

    it(
      "on restart the held invoice's CAE is adopted and the rest follow: every invoice once at ARCA, numbers without gaps",
      { timeout: 240_000 },
      async () => {
        const db = database.db;
        const s = await registeredSupplier(db, sim, 'sandbox');
        owners.push(s.ownerId);
        const send = async () => {
          const entryId = await invoiceEntry(db, s.ownerId, facturaB(s.cuit, POINT_OF_SALE));
          return { entryId, job: await sendJob(db, s, entryId) };
        };
        const first = await spawnWorker();
        const before = await Promise.all(Array.from({ length: BEFORE }, send));
        await waitForJobs(
          db,
          before.map((b) => b.job.id),
          60_000,
        );
        // ARCA commits the next voucher, then holds its answer: the worker sits between "pending" and the answer.
        injectWsfeFault(
          { environment: 'sandbox', cuit: s.cuit, pointOfSale: POINT_OF_SALE },
          { kind: 'timeout', holdMs: 10_000 },
        );
        const after = await Promise.all(Array.from({ length: AFTER }, send));
        const deadline = Date.now() + 60_000;
        while ((await simulatorInvoices(db, s.cuit)).length === BEFORE) {
          if (Date.now() > deadline) throw new Error('the worker never sent the next invoice');
          await new Promise((r) => setTimeout(r, 50));
        }
        await first.crash();
        const pending = (await Promise.all(after.map((a) => sendRow(db, a.entryId)))).filter(
          (r) => r?.status === 'pending',
        );
        // One FECAESolicitar in flight: one invoice, or the batch it carried (sends that queued
        // behind its turn go with it).
        expect(pending.length, 'the invoices the killed worker was waiting on').toBeGreaterThan(0);
        if (pending.length > 1)
          expect(new Set(pending.map((r) => r!.batchOf)).size, 'one batch').toBe(1);

        await spawnWorker();
        const all = [...before, ...after];
        const done = await waitForJobs(
          db,
          all.map((a) => a.job.id),
          90_000,
        ).catch(() => []);
        const held = await simulatorInvoices(db, s.cuit);
        const rows = await Promise.all(all.map((a) => sendRow(db, a.entryId)));
        const caeAtArca = new Map(held.map((h) => [h.number, h.cae]));
        const requests = sim.methods.filter((m) => m === 'FECAESolicitar').length;
        reportCounts(
          'kill -9 of the worker during an invoice send',
          {
            acknowledged: all.length,
            // ARCA issued it, the app does not hold its number and CAE.
            lost: held.filter((h) => !rows.some((r) => r?.number === h.number && r.cae === h.cae))
              .length,
            // A second voucher at ARCA, or a second FECAESolicitar for one invoice.
            duplicated:
              held.length -
              new Set(held.map((h) => h.number)).size +
              Math.max(0, held.length - all.length) +
              Math.max(0, requests - all.length),
            stuck:
              all.length -
              done.filter((d) => d.status === 'OK').length +
              rows.filter((r) => r?.status !== 'approved' || caeAtArca.get(r.number!) !== r.cae)
                .length,
          },
          { 'FECAESolicitar sent': requests, 'vouchers at ARCA': held.length },
        );
        expect(held.map((h) => h.number)).toEqual(
          Array.from({ length: all.length }, (_, i) => i + 1),
        );
      },
    );
  },
);
