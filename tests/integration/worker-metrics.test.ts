import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@/lib/db';
import {
  facturaB,
  invoiceEntry,
  registeredSupplier,
  sendJob,
  waitForJobs,
} from './support/invoice-fixtures';
import { retireJobs } from './support/runner-fixtures';
import { startWorker, type WorkerProcess } from './support/worker-process';
import { startSimulator, type RunningSimulator } from '../fixtures/arca/simulator-server';

const url = process.env.DATABASE_URL;
const TOKEN = 'worker-metrics-token-0123456789';
const WORKER_PORT = 4750;
const base = `http://127.0.0.1:${WORKER_PORT}`;

/** The value of one sample line (`name{labels} value`), 0 when the series has no sample yet. */
function sample(text: string, line: string): number {
  const found = text.split('\n').find((l) => l.startsWith(line + ' '));
  return found === undefined ? 0 : Number(found.slice(line.length + 1));
}

const scrape = async (token?: string) => {
  const response = await fetch(`${base}/metrics`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, text: await response.text() };
};

/** Scrapes with the token until `seen` holds for the text, or for 5 s (then returns the last one). */
async function scrapeUntil(seen: (text: string) => boolean) {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const scraped = await scrape(TOKEN);
    if (scraped.status !== 200 || seen(scraped.text) || Date.now() > deadline) return scraped;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// With RUNNER=off jobs run only in `npm run worker`: what they count is scraped from the worker's WORKER_PORT.
describe.skipIf(!url)(
  'npm run worker with WORKER_PORT: /healthz, /readyz and /metrics [postgres; skipped without DATABASE_URL]',
  () => {
    let database: Database;
    let sim: RunningSimulator;
    let worker: WorkerProcess | undefined;
    const owners: string[] = [];
    beforeAll(async () => {
      database = await openDatabase({ databaseUrl: url, dataDir: '', maxConnections: 5 });
      sim = await startSimulator(database.db);
      worker = await startWorker(url!, 2_000, {
        WORKER_PORT: String(WORKER_PORT),
        HOST: '127.0.0.1',
        METRICS_TOKEN: TOKEN,
        ARCA_SANDBOX_WSAA_URL: sim.urls.sandbox.wsaa,
        ARCA_SANDBOX_WSFE_URL: sim.urls.sandbox.wsfe,
        ARCA_LIVE_WSAA_URL: sim.urls.live.wsaa,
        ARCA_LIVE_WSFE_URL: sim.urls.live.wsfe,
      });
    }, 120_000);
    afterAll(async () => {
      await worker?.crash();
      if (database) await retireJobs(database.db, owners);
      await sim?.close();
      await database?.close();
    });

    it('answers /healthz and /readyz (database, migrations and its own runner)', async () => {
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      const ready = await fetch(`${base}/readyz`);
      const body = (await ready.json()) as {
        status: string;
        checks: Record<string, { ok: boolean }>;
      };
      expect(ready.status).toBe(200);
      expect(body.status).toBe('ready');
      expect(Object.keys(body.checks).sort()).toEqual(['database', 'migrations', 'runner']);
      expect((await fetch(`${base}/`)).status).toBe(404);
    });

    it(
      'serves /metrics only with the token, counting the invoice job it ran',
      { timeout: 120_000 },
      async () => {
        expect((await scrape()).status).toBe(401);
        expect((await scrape('wrong-token-of-sufficient-length')).status).toBe(401);
        const before = await scrape(TOKEN);
        expect(before.status).toBe(200);

        const db = database.db;
        const s = await registeredSupplier(db, sim, 'sandbox');
        owners.push(s.ownerId);
        const job = await sendJob(db, s, await invoiceEntry(db, s.ownerId, facturaB(s.cuit, 41)));
        const [done] = await waitForJobs(db, [job.id], 90_000);
        expect(done!.status).toBe('OK');

        // The worker counts a job once its final update has answered, a moment after the row shows it.
        const finished = 'jobs_finished_total{status="OK"}';
        const after = await scrapeUntil(
          (text) => sample(text, finished) > sample(before.text, finished),
        );
        expect(sample(after.text, finished)).toBe(sample(before.text, finished) + 1);
        const approved = 'invoices_sent_total{environment="sandbox",result="approved"}';
        expect(sample(after.text, approved)).toBe(sample(before.text, approved) + 1);
        expect(sample(after.text, 'database_readings_up')).toBe(1);
      },
    );

    it('closes its port on SIGTERM', { timeout: 30_000 }, async () => {
      await worker!.stop();
      expect(worker!.child.exitCode).toBe(0);
      await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    });
  },
);
