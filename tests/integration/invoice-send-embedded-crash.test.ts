import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectWsfeFault } from '@/lib/arca-simulator';
import { openDatabase, type Database } from '@/lib/db';
import { getEntry } from '@/lib/silo';
import { getJob } from '@/lib/transform';
import {
  facturaB,
  invoiceEntry,
  registeredSupplier,
  sendJob,
  sendRow,
  simulatorInvoices,
} from './support/invoice-fixtures';
import { simulatorPortal } from './support/registered-supplier';
import { startSimulator, type RunningSimulator } from '../fixtures/arca/simulator-server';
import { TS_NODE_ARGS } from '../../scripts/ts-node-args.mjs';

// The app's own folder (DATA_DIR) and key; ARCA is this test's simulator, on its own database, as
// the real one outlives the app.
const dataDir = mkdtempSync(path.join(tmpdir(), 'arca-invoice-crash-'));
const masterKey = randomBytes(32).toString('base64');
process.env.MASTER_KEY = masterKey;
const POINT_OF_SALE = 51;
const openAppDb = () => openDatabase({ dataDir: path.join(dataDir, 'pglite') });

interface AppProcess {
  /** Resolves with the job's status once the app reports it completed. */
  completed(jobId: string): Promise<string>;
  crash(): Promise<void>;
  stop(): Promise<void>;
}

/** The app's runner on `dataDir` (tests/integration/support/app-runner.ts), until killed or stopped. */
async function startApp(sim: RunningSimulator): Promise<AppProcess> {
  const child = spawn(
    process.execPath,
    [...TS_NODE_ARGS, 'tests/integration/support/app-runner.ts'],
    {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        MASTER_KEY: masterKey,
        LOG_LEVEL: 'warn',
        RUNNER_LEASE_MS: '2000',
        ARCA_SANDBOX_WSAA_URL: sim.urls.sandbox.wsaa,
        ARCA_SANDBOX_WSFE_URL: sim.urls.sandbox.wsfe,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines: Record<string, unknown>[] = [];
  const waiters: (() => void)[] = [];
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
    const parts = out.split('\n');
    out = parts.pop()!;
    for (const line of parts.filter((l) => l.startsWith('{')))
      lines.push(JSON.parse(line) as Record<string, unknown>);
    waiters.splice(0).forEach((wake) => wake());
  });
  const line = (match: (l: Record<string, unknown>) => boolean, ms: number) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(new Error(`the app never printed the line; it printed ${JSON.stringify(lines)}`)),
        ms,
      );
      const look = () => {
        const found = lines.find(match);
        if (found) {
          clearTimeout(timer);
          resolve(found);
        } else waiters.push(look);
      };
      look();
    });
  await line((l) => l.ready === true, 60_000);
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    await exited;
  };
  return {
    completed: async (jobId) => String((await line((l) => l.job === jobId, 60_000)).status),
    crash: () => signal('SIGKILL'),
    stop: () => signal('SIGTERM'),
  };
}

describe('gov-ar.send on the embedded database (PGlite): kill -9 between "pending" and ARCA\'s answer', () => {
  let simDatabase: Database;
  let sim: RunningSimulator;
  const apps: AppProcess[] = [];
  beforeAll(async () => {
    simDatabase = await openDatabase({ dataDir: 'memory://' });
    sim = await startSimulator(simDatabase.db);
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.crash()));
    await sim?.close();
    await simDatabase?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'restarted on the same folder, the app reconciles the invoice with ARCA and never issues it again',
    { timeout: 240_000 },
    async () => {
      // The supplier, the invoice and its job, written to the app's folder while the app is down.
      let appDatabase = await openAppDb();
      const s = await registeredSupplier(appDatabase.db, sim, 'sandbox', {
        portal: simulatorPortal(simDatabase.db),
      });
      const entryId = await invoiceEntry(
        appDatabase.db,
        s.ownerId,
        facturaB(s.cuit, POINT_OF_SALE),
      );
      const job = await sendJob(appDatabase.db, s, entryId);
      await appDatabase.close();

      // ARCA commits the voucher, then holds its answer: the app sits between "pending" and the answer.
      injectWsfeFault(
        { environment: 'sandbox', cuit: s.cuit, pointOfSale: POINT_OF_SALE },
        { kind: 'timeout', holdMs: 60_000 },
      );
      const first = await startApp(sim);
      apps.push(first);
      const deadline = Date.now() + 60_000;
      while ((await simulatorInvoices(simDatabase.db, s.cuit)).length === 0) {
        if (Date.now() > deadline) throw new Error('the app never sent the invoice');
        await new Promise((r) => setTimeout(r, 50));
      }
      await first.crash();
      const sentBefore = sim.methods.filter((m) => m === 'FECAESolicitar').length;
      expect(sentBefore).toBe(1);

      // What the killed process left on disk: the number reserved, no answer.
      appDatabase = await openAppDb();
      expect(await sendRow(appDatabase.db, entryId)).toMatchObject({
        status: 'pending',
        number: 1,
        cae: null,
      });
      await appDatabase.close();

      const second = await startApp(sim);
      apps.push(second);
      expect(await second.completed(job.id)).toBe('OK');
      await second.stop();

      const held = await simulatorInvoices(simDatabase.db, s.cuit);
      expect(held.map((h) => h.number)).toEqual([1]);
      expect(sim.methods.filter((m) => m === 'FECAESolicitar')).toHaveLength(sentBefore);
      expect(sim.methods.slice(sim.methods.lastIndexOf('FECAESolicitar'))).toContain(
        'FECompConsultar',
      );
      appDatabase = await openAppDb();
      try {
        expect(await sendRow(appDatabase.db, entryId)).toMatchObject({
          status: 'approved',
          number: 1,
          cae: held[0]!.cae,
        });
        const entry = (await getEntry(appDatabase.db, s.ownerId, entryId))!;
        expect(entry.state).toBe('sent');
        expect((entry.data as { doc: { code: string } }).doc.code).toBe('1');
        expect((await getJob(appDatabase.db, s.ownerId, job.id))!.status).toBe('OK');
      } finally {
        await appDatabase.close();
      }
    },
  );
});
