import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@/lib/db';
import {
  facturaB,
  invoiceEntry,
  registeredSupplier,
  sendJob,
  sendRow,
  simulatorInvoices,
  waitForJobs,
} from './support/invoice-fixtures';
import { retireJobs } from './support/runner-fixtures';
import { workersPerTest } from './support/worker-process';
import { startSimulator, type RunningSimulator } from '../fixtures/arca/simulator-server';

const url = process.env.DATABASE_URL;
const LEASE_MS = 2_000;

// Several app instances share one PostgreSQL; PGlite belongs to a single process. A worker killed
// mid-send is tests/resilience/kill-worker-during-invoice-send.test.ts.
describe.skipIf(!url)(
  'gov-ar.send across processes: two workers on one point of sale [postgres; skipped without DATABASE_URL]',
  () => {
    let database: Database;
    let sim: RunningSimulator;
    const owners: string[] = [];
    beforeAll(async () => {
      database = await openDatabase({ databaseUrl: url, dataDir: '', maxConnections: 10 });
      sim = await startSimulator(database.db);
    });
    const startWorkerOnSimulator = workersPerTest(url, LEASE_MS, () => ({
      ARCA_SANDBOX_WSAA_URL: sim.urls.sandbox.wsaa,
      ARCA_LIVE_WSAA_URL: sim.urls.live.wsaa,
      ARCA_LIVE_WSFE_URL: sim.urls.live.wsfe,
    }));
    afterAll(async () => {
      await retireJobs(database.db, owners);
      await sim?.close();
      await database?.close();
    });
    // `npm run worker` processes whose ARCA is this test's simulator; `tag` marks their WSFE calls
    // (?worker=tag). Each holds at most 8 running + 8 waiting jobs (RUNNER_MAX_WAITING): with the
    // default 500 the first worker to claim could hold all 50, and the sequence would never pass
    // between processes, which is what this file tests.
    const spawnWorker = (tag = 'any') =>
      startWorkerOnSimulator({
        ARCA_SANDBOX_WSFE_URL: `${sim.urls.sandbox.wsfe}?worker=${tag}`,
        RUNNER_MAX_WAITING: '8',
      });

    it(
      '50 invoices on one point of sale through two worker processes: numbers 1..50, no gap, no duplicate',
      { timeout: 180_000 },
      async () => {
        const db = database.db;
        const s = await registeredSupplier(db, sim, 'sandbox');
        owners.push(s.ownerId);
        const entryIds = await Promise.all(
          Array.from({ length: 50 }, () => invoiceEntry(db, s.ownerId, facturaB(s.cuit, 31))),
        );
        await Promise.all([spawnWorker('a'), spawnWorker('b')]);
        const callsBefore = sim.calls.length;
        const started = performance.now();
        const jobs = await Promise.all(entryIds.map((id) => sendJob(db, s, id)));
        const done = await waitForJobs(
          db,
          jobs.map((j) => j.id),
          150_000,
        );
        const elapsed = performance.now() - started;
        console.log(
          `[measure] 50 invoices, one point of sale, two workers [postgres]: ${Math.round(elapsed)} ms`,
        );
        expect(done.map((j) => j.status)).toEqual(Array(50).fill('OK'));
        const rows = await Promise.all(entryIds.map((id) => sendRow(db, id)));
        expect(rows.map((r) => r!.number).sort((a, b) => a! - b!)).toEqual(
          Array.from({ length: 50 }, (_, i) => i + 1),
        );
        expect((await simulatorInvoices(db, s.cuit)).map((h) => h.number)).toEqual(
          Array.from({ length: 50 }, (_, i) => i + 1),
        );
        // Both processes sent: the sequence's turn passed between them, not one doing all the work.
        const sentBy = (tag: string) =>
          sim.calls
            .slice(callsBefore)
            .filter((c) => c.method === 'FECAESolicitar' && c.url.endsWith(`?worker=${tag}`))
            .length;
        console.log(`[measure] FECAESolicitar by worker: a ${sentBy('a')}, b ${sentBy('b')}`);
        expect(sentBy('a')).toBeGreaterThan(0);
        expect(sentBy('b')).toBeGreaterThan(0);
        // At most one request per invoice: sends queued behind a turn go in one batch.
        expect(sentBy('a') + sentBy('b')).toBeLessThanOrEqual(50);
      },
    );
  },
);
