import { spawnSync } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, schema, type Database } from '@/lib/db';
import { SESSION_COOKIE, createUser } from '@/lib/users';
import { createApiKey } from '@/lib/workspaces';
import { buildIfChanged } from '@/scripts/build-if-changed.mjs';
import { startCluster, type Cluster, type ClusterInstance } from '@/scripts/cluster.mjs';
import { party } from './support/api-harness';
import { facturaB, registeredSupplier, sendRow, waitForJobs } from './support/invoice-fixtures';
import { entryStateHistory, retireJobs, setupWorkspace } from './support/runner-fixtures';
import { startReceiver, type Receiver } from './support/webhook-receiver';
import { startSimulator, type RunningSimulator } from '../fixtures/arca/simulator-server';

const url = process.env.DATABASE_URL;
const API_LIMIT = 60;
const METRICS_TOKEN = 'cluster-metrics-token-0123456789';
const APPROVED = 'invoices_sent_total{environment="sandbox",result="approved"}';

/** One sample (`name{labels} value`) of a process' /metrics, 0 when the series has none yet. */
async function scraped(baseUrl: string, line: string): Promise<number> {
  const res = await fetch(`${baseUrl}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(res.status).toBe(200);
  const found = (await res.text()).split('\n').find((l) => l.startsWith(line + ' '));
  return found === undefined ? 0 : Number(found.slice(line.length + 1));
}

/** The sum of one sample over these processes' /metrics. */
async function summed(urls: string[], line: string): Promise<number> {
  const values = await Promise.all(urls.map((u) => scraped(u, line)));
  return values.reduce((x, y) => x + y, 0);
}

// Two app instances (RUNNER=off) and two workers on one PostgreSQL, as `npm run start:cluster` runs
// them, every request alternating between the instances. PGlite belongs to a single process.
describe.skipIf(!url)(
  'two app instances and two workers on one PostgreSQL [postgres; skipped without DATABASE_URL]',
  () => {
    let database: Database;
    let sim: RunningSimulator;
    let receiver: Receiver;
    let cluster: Cluster;
    let a: ClusterInstance;
    let b: ClusterInstance;
    const owners: string[] = [];

    beforeAll(async () => {
      // The instances serve the production build; the e2e run that follows reuses it.
      buildIfChanged();
      database = await openDatabase({ databaseUrl: url, dataDir: '', maxConnections: 10 });
      sim = await startSimulator(database.db);
      receiver = await startReceiver();
      cluster = await startCluster({
        databaseUrl: url,
        ports: [await freePort(), await freePort()],
        workers: 2,
        workerPorts: [await freePort(), await freePort()],
        output: 'kept',
        env: {
          LOG_LEVEL: 'warn',
          ARCA_SIMULATOR: 'on',
          ARCA_SANDBOX_WSAA_URL: sim.urls.sandbox.wsaa,
          ARCA_SANDBOX_WSFE_URL: sim.urls.sandbox.wsfe,
          ARCA_LIVE_WSAA_URL: sim.urls.live.wsaa,
          ARCA_LIVE_WSFE_URL: sim.urls.live.wsfe,
          API_RATE_LIMIT_PER_MINUTE: String(API_LIMIT),
          WEBHOOK_ALLOW_PRIVATE: 'true',
          METRICS_TOKEN,
        },
      });
      [a, b] = cluster.instances as [ClusterInstance, ClusterInstance];
    }, 900_000);

    afterAll(async () => {
      await cluster?.stop();
      if (database) await retireJobs(database.db, owners);
      await receiver?.close();
      await sim?.close();
      await database?.close();
    });

    /** Alternates between the instances: even calls to A, odd ones to B. */
    const either = (i: number) => (i % 2 === 0 ? a : b);
    const api = async (
      instance: ClusterInstance,
      method: string,
      path: string,
      key: string,
      json?: unknown,
    ) => {
      const res = await fetch(`${instance.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${key}`,
          ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: json === undefined ? undefined : JSON.stringify(json),
      });
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read JSON bodies of every shape
      return { status: res.status, body: (await res.json()) as any };
    };

    it(
      'registrations through both instances: each job runs each step once (one webhook, one "processing"), whichever worker claims it',
      { timeout: 90_000 },
      async () => {
        const db = database.db;
        const ws = await setupWorkspace(db, {
          webhook: { url: receiver.url, event: 'supplier.registration' },
        });
        owners.push(ws.ownerId);
        const { token } = await createApiKey(db, ws.ownerId);
        const entries = await Promise.all(
          Array.from({ length: 10 }, async (_, i) => {
            const res = await api(either(i), 'POST', '/silo/v1/entries', token, {
              folder: 'suppliers',
              data: party(),
            });
            expect(res.status).toBe(200);
            return res.body.id as string;
          }),
        );
        const jobs = await Promise.all(
          entries.map(async (entryId, i) => {
            const res = await api(either(i + 1), 'POST', '/transform/v1/jobs', token, {
              workflow_id: ws.workflowId,
              silo_entry_id: entryId,
            });
            expect(res.status).toBe(202);
            return res.body.id as string;
          }),
        );
        // One job PUT to both instances at once with the same id: one job.
        const sharedId = uuidv7();
        const [onA, onB] = await Promise.all(
          [a, b].map((instance) =>
            api(instance, 'PUT', `/transform/v1/jobs/${sharedId}`, token, {
              workflow_id: ws.workflowId,
              silo_entry_id: entries[0],
            }),
          ),
        );
        expect([onA!.status, onB!.status]).toEqual([202, 202]);
        expect(onA!.body.id).toBe(onB!.body.id);

        const delivered = await receiver.waitFor(entries.length + 1, 60_000);
        await new Promise((r) => setTimeout(r, 1_000));
        const jobIdsDelivered = receiver.received
          .map((d) => JSON.parse(d.body) as { transform_job_id: string; owner_id: string })
          .filter((p) => p.owner_id === ws.ownerId)
          .map((p) => p.transform_job_id);
        expect(delivered.length).toBeGreaterThanOrEqual(entries.length + 1);
        expect(jobIdsDelivered.sort()).toEqual([...jobs, onA!.body.id].sort());
        // Each job moved its entry to processing once (the one PUT twice was one job on entry 0).
        for (const entryId of entries.slice(1))
          expect(await entryStateHistory(db, entryId)).toEqual(['empty', 'processing']);
      },
    );

    it(
      'invoices through both instances, sent by two workers: numbers 1..n once each, one WSAA ticket for the certificate',
      { timeout: 90_000 },
      async () => {
        const db = database.db;
        const s = await registeredSupplier(db, sim, 'sandbox');
        owners.push(s.ownerId);
        const { token } = await createApiKey(db, s.ownerId);
        const sendsBefore = sim.methods.filter((m) => m === 'FECAESolicitar').length;
        const workerUrls = cluster.workers.map((w) => w.url!);
        const approvedBefore = await summed(workerUrls, APPROVED);
        const n = 12;
        const entryIds = await Promise.all(
          Array.from({ length: n }, async (_, i) => {
            const res = await api(either(i), 'POST', '/silo/v1/entries', token, {
              data: facturaB(s.cuit, 5),
            });
            expect(res.status).toBe(200);
            return res.body.id as string;
          }),
        );
        const jobs = await Promise.all(
          entryIds.map(async (entryId, i) => {
            const res = await api(either(i + 1), 'POST', '/transform/v1/jobs', token, {
              workflow_id: s.workflowId,
              silo_entry_id: entryId,
            });
            expect(res.status).toBe(202);
            return res.body.id as string;
          }),
        );
        const done = await waitForJobs(db, jobs, 75_000);
        expect(done.map((j) => j.status)).toEqual(Array(n).fill('OK'));
        const numbers = await Promise.all(
          entryIds.map(async (id) => (await sendRow(db, id))!.number),
        );
        expect(numbers.sort((x, y) => x! - y!)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
        // A worker holding several waiting sends of the sequence batches them: at most one request each.
        const requests = sim.methods.filter((m) => m === 'FECAESolicitar').length - sendsBefore;
        expect(requests).toBeGreaterThanOrEqual(1);
        expect(requests).toBeLessThanOrEqual(n);
        // With RUNNER=off the sends are counted by the workers (on their WORKER_PORT), none by an instance.
        expect((await summed(workerUrls, APPROVED)) - approvedBefore).toBe(n);
        expect(await summed([a.url, b.url], APPROVED)).toBe(0);
        for (const url of workerUrls) expect((await fetch(`${url}/readyz`)).status).toBe(200);
        for (const id of entryIds)
          expect(
            (await entryStateHistory(db, id)).filter((st) => st === 'processing'),
          ).toHaveLength(1);
        // The simulated WSAA issued one wsfe ticket for this certificate, however many processes sent.
        const issued = await db
          .select({ id: schema.arcaSimTickets.id })
          .from(schema.arcaSimTickets)
          .where(
            and(eq(schema.arcaSimTickets.cuit, s.cuit), eq(schema.arcaSimTickets.service, 'wsfe')),
          );
        expect(issued).toHaveLength(1);
        const stored = await db
          .select({ service: schema.arcaTickets.service })
          .from(schema.arcaTickets)
          .where(eq(schema.arcaTickets.cuit, s.cuit));
        expect(stored).toEqual([{ service: 'wsfe' }]);
      },
    );

    it("an API key's rate limit is one budget across instances: a burst split over both is cut at the limit", async () => {
      const db = database.db;
      const ws = await setupWorkspace(db);
      owners.push(ws.ownerId);
      const { token } = await createApiKey(db, ws.ownerId);
      // The limit counts in minute windows: a burst straddling two windows would get two budgets.
      const intoMinute = Date.now() % 60_000;
      if (intoMinute > 50_000) await new Promise((r) => setTimeout(r, 61_000 - intoMinute));
      const statuses = await Promise.all(
        Array.from({ length: API_LIMIT * 1.5 }, async (_, i) => {
          const res = await fetch(`${either(i).url}/utils/v1/ping`, {
            headers: { authorization: `Bearer ${token}` },
          });
          await res.arrayBuffer();
          return res.status;
        }),
      );
      // Never past the limit; a little under it at most, by what one instance held reserved unused.
      const allowed = statuses.filter((st) => st === 200).length;
      expect(allowed).toBeLessThanOrEqual(API_LIMIT);
      expect(allowed).toBeGreaterThanOrEqual(API_LIMIT - Math.ceil(API_LIMIT / 8));
      expect(statuses.filter((st) => st !== 200 && st !== 429)).toEqual([]);
    });

    it('a console session signed in on A works on B; without its cookie B sends to sign-in', async () => {
      const db = database.db;
      const ws = await setupWorkspace(db);
      owners.push(ws.ownerId);
      const email = `operator-${uuidv7()}@example.com`;
      const password = 'a long operator password 42';
      await createUser(db, { workspaceId: ws.ownerId, email, password });
      const signIn = await submitNoJsForm(a, '/console/sign-in', a, { email, password });
      expect(signIn.status).toBe(303);
      const cookie = /(?:^|,\s*)([^=;,\s]+=[^;]+)/.exec(signIn.setCookie ?? '')?.[1] ?? '';
      expect(cookie.startsWith(`${SESSION_COOKIE}=`)).toBe(true);
      const console = (instance: ClusterInstance, withCookie: boolean) =>
        fetch(`${instance.url}/console`, {
          headers: withCookie ? { cookie } : {},
          redirect: 'manual',
        });
      const onB = await console(b, true);
      expect(onB.status).toBe(200);
      expect(await onB.text()).toContain(email);
      expect((await console(b, false)).status).toBeGreaterThanOrEqual(300);
    });

    it('a wizard page cached on A is never replayed after the supplier changed it through B', async () => {
      const db = database.db;
      const ws = await setupWorkspace(db);
      owners.push(ws.ownerId);
      const { token } = await createApiKey(db, ws.ownerId);
      const entry = await api(a, 'POST', '/silo/v1/entries', token, {
        folder: 'suppliers',
        data: party(),
      });
      const job = await api(b, 'POST', '/transform/v1/jobs', token, {
        workflow_id: ws.workflowId,
        silo_entry_id: entry.body.id,
      });
      expect(job.status).toBe(202);
      const page = `/reg/${await waitForRef(db, entry.body.id as string)}/company`;
      const view = async (instance: ClusterInstance) => {
        const res = await fetch(`${instance.url}${page}`);
        return { cache: res.headers.get('x-page-cache'), html: await res.text() };
      };
      await view(a);
      const cached = await view(a);
      expect(cached.cache).toBe('hit');
      expect(cached.html).not.toMatch(CHECKED_EXENTO);

      const saved = await submitNoJsForm(a, page, b, { regime: 'exento' });
      expect(saved.status).toBe(303);
      const after = await view(a);
      expect(after.cache).toBe('miss');
      expect(after.html).toMatch(CHECKED_EXENTO);
    });
  },
);

describe('npm run start:cluster without PostgreSQL', () => {
  it('refuses before building or starting anything, naming DATABASE_URL', async () => {
    const run = spawnSync(process.execPath, ['scripts/start-cluster.mjs'], {
      env: { ...process.env, DATABASE_URL: '' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/needs PostgreSQL: set DATABASE_URL/);
    await expect(startCluster({ databaseUrl: undefined, ports: [1] })).rejects.toThrow(
      /needs PostgreSQL \(DATABASE_URL\)/,
    );
  });

  it('refuses worker ports that do not match the workers, and a worker port that is not a number', async () => {
    await expect(
      startCluster({
        databaseUrl: 'postgres://127.0.0.1:1/none',
        ports: [1],
        workers: 2,
        workerPorts: [2],
      }),
    ).rejects.toThrow(/2 worker\(s\) need as many worker ports, not 1/);
    const run = spawnSync(process.execPath, ['scripts/start-cluster.mjs', '--worker-port', 'x'], {
      env: { ...process.env, DATABASE_URL: 'postgres://127.0.0.1:1/none' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/--worker-port must be a whole number/);
  });

  it('refuses a port that is not a number', () => {
    const run = spawnSync(process.execPath, ['scripts/start-cluster.mjs', '--port', 'x'], {
      env: { ...process.env, DATABASE_URL: 'postgres://127.0.0.1:1/none' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/--port must be a whole number/);
  });
});

const CHECKED_EXENTO = /<input type="radio"[^>]* checked=""[^>]* value="exento"/;

/** A free port on 127.0.0.1, as the system picks one. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Posts a page's form as a browser without JavaScript does (Next's server action fields included),
 * read from `from` and posted to `to`.
 */
async function submitNoJsForm(
  from: ClusterInstance,
  path: string,
  to: ClusterInstance,
  fields: Record<string, string>,
): Promise<{ status: number; location: string | null; setCookie: string | null }> {
  const html = await (await fetch(`${from.url}${path}`)).text();
  const form = new FormData();
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)"(?: value="([^"]*)")?\/>/g))
    form.append(unescapeHtml(match[1]!), unescapeHtml(match[2] ?? ''));
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const res = await fetch(`${to.url}${path}`, { method: 'POST', body: form, redirect: 'manual' });
  await res.arrayBuffer();
  return {
    status: res.status,
    location: res.headers.get('location'),
    setCookie: res.headers.get('set-cookie'),
  };
}

const unescapeHtml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The ref of the registration link the worker's gov-ar.register step stored on the entry. */
async function waitForRef(db: Database['db'], entryId: string, ms = 30_000): Promise<string> {
  const deadline = Date.now() + ms;
  for (;;) {
    const rows = await db
      .select({ ref: schema.metaRecords.ref })
      .from(schema.metaRecords)
      .where(eq(schema.metaRecords.entryId, entryId));
    const ref = rows.find((r) => r.ref)?.ref;
    if (ref) return ref;
    if (Date.now() > deadline) throw new Error(`no registration link on ${entryId} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
