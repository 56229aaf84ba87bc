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
} from '../integration/support/invoice-fixtures';
import { retireJobs } from '../integration/support/runner-fixtures';
import { workersPerTest } from '../integration/support/worker-process';
import { startWsfeProxy } from '../integration/support/wsfe-proxy';
import { startSimulator, type RunningSimulator } from '../fixtures/arca/simulator-server';
import { reportCounts } from './support/counts';

const url = process.env.DATABASE_URL;
const LEASE_MS = 2_000;
const POINT_OF_SALE = 42;
const BEFORE = 2;
const AFTER = 6;

// A batch (several invoices in one FECAESolicitar) committed at ARCA, its answer never arriving,
// and the worker killed (kill -9) while it waits: on restart every member is reconciled from its
// own row (FECompConsultar per number), none is sent twice, and the numbers have no gap.
describe.skipIf(!url)(
  'kill -9 of the worker during a batch of invoices, after ARCA committed it [postgres; skipped without DATABASE_URL]',
  () => {
    let database: Database;
    let sim: RunningSimulator;
    let proxy: Awaited<ReturnType<typeof startWsfeProxy>>;
    const owners: string[] = [];
    // Armed: a single FECAESolicitar waits a moment (so the next sends queue behind its turn and
    // go together), and the first batch is committed at ARCA and never answered.
    const gate = { armed: false, batchCommitted: false, batchSize: 0 };
    beforeAll(async () => {
      database = await openDatabase({ databaseUrl: url, dataDir: '', maxConnections: 10 });
      sim = await startSimulator(database.db);
      proxy = await startWsfeProxy(sim.urls.sandbox.wsfe, async ({ soapAction, body, forward }) => {
        if (!gate.armed || !soapAction.includes('FECAESolicitar')) return;
        const size = Number(/<ar:CantReg>(\d+)</.exec(body)?.[1] ?? 1);
        if (size === 1) {
          await new Promise((resolve) => setTimeout(resolve, 1_500));
          return;
        }
        await forward(body);
        Object.assign(gate, { armed: false, batchCommitted: true, batchSize: size });
        return new Promise<never>(() => {});
      });
    });
    const spawnWorker = workersPerTest(url, LEASE_MS, () => ({
      ARCA_SANDBOX_WSAA_URL: sim.urls.sandbox.wsaa,
      ARCA_SANDBOX_WSFE_URL: proxy.url,
    }));
    afterAll(async () => {
      await retireJobs(database.db, owners);
      await proxy?.close();
      await sim?.close();
      await database?.close();
    });

    it(
      'on restart each member of the batch is reconciled: every invoice once at ARCA, numbers without gaps',
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
        gate.armed = true;
        const after = await Promise.all(Array.from({ length: AFTER }, send));
        const deadline = Date.now() + 60_000;
        while (!gate.batchCommitted) {
          if (Date.now() > deadline) throw new Error('the worker never sent a batch');
          await new Promise((r) => setTimeout(r, 50));
        }
        await first.crash();
        const pending = (await Promise.all(after.map((a) => sendRow(db, a.entryId)))).filter(
          (r) => r?.status === 'pending',
        );
        expect(pending, 'the batch the killed worker was waiting on').toHaveLength(gate.batchSize);

        await spawnWorker();
        const all = [...before, ...after];
        const done = await waitForJobs(
          db,
          all.map((a) => a.job.id),
          120_000,
        ).catch(() => []);
        const held = (await simulatorInvoices(db, s.cuit)).filter(
          (h) => h.pointOfSale === POINT_OF_SALE,
        );
        const rows = await Promise.all(all.map((a) => sendRow(db, a.entryId)));
        const caeAtArca = new Map(held.map((h) => [h.number, h.cae]));
        reportCounts(
          'kill -9 of the worker during a batch of invoices',
          {
            acknowledged: all.length,
            // ARCA issued it, the app does not hold its number and CAE.
            lost: held.filter((h) => !rows.some((r) => r?.number === h.number && r.cae === h.cae))
              .length,
            // A second voucher at ARCA: under one number, or more vouchers than invoices.
            duplicated:
              held.length -
              new Set(held.map((h) => h.number)).size +
              Math.max(0, held.length - all.length),
            stuck:
              all.length -
              done.filter((d) => d.status === 'OK').length +
              rows.filter((r) => r?.status !== 'approved' || caeAtArca.get(r.number!) !== r.cae)
                .length,
          },
          {
            'batch size': gate.batchSize,
            'FECAESolicitar sent': sim.methods.filter((m) => m === 'FECAESolicitar').length,
            'FECompConsultar sent': sim.methods.filter((m) => m === 'FECompConsultar').length,
            'vouchers at ARCA': held.length,
          },
        );
        // No gap.
        expect(held.map((h) => h.number)).toEqual(
          Array.from({ length: all.length }, (_, i) => i + 1),
        );
      },
    );
  },
);
