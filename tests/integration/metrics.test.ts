import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postSoap } from '@/lib/arca/soap/post-soap';
import { openDatabase, type Database, type Db } from '@/lib/db';
import { observeHttp } from '@/lib/metrics';
import { countCertificatesExpiring } from '@/lib/registration';
import { createMetricsEndpoint, refreshDatabaseReadings } from '@/lib/server';
import { deliverWebhook } from '@/lib/webhooks';
import { describeEachDatabase } from './support/databases';
import {
  createSupplier,
  isDone,
  isParked,
  runWorkflow,
  setupWorkspace,
  testRunner,
  trackedWorkspaces,
  waitForJobState,
} from './support/runner-fixtures';
import { storeValidatedCredentials } from './support/validated-credentials';

const TOKEN = 'metrics-token-for-tests-0123456789';

async function listen(handler: http.RequestListener) {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

async function scrape(getDb: () => Promise<Db>, token?: string) {
  const endpoint = createMetricsEndpoint({
    token: TOKEN,
    refreshReadings: async () => refreshDatabaseReadings(await getDb()),
  });
  const server = await listen((req, res) => void endpoint(req, res));
  try {
    const response = await fetch(`${server.url}/metrics`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: response.status, text: await response.text() };
  } finally {
    await server.close();
  }
}

/** The value of one sample line (`name{labels} value`), or undefined when absent. */
function sample(text: string, line: string): number | undefined {
  const found = text.split('\n').find((l) => l.startsWith(line + ' '));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
}

describe('GET /metrics', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
  });
  afterAll(() => database.close());

  it('needs the token, compared in constant time, and answers Prometheus text with it', async () => {
    const getDb = async () => database.db;
    expect((await scrape(getDb)).status).toBe(401);
    expect((await scrape(getDb, 'wrong')).status).toBe(401);
    const scraped = await scrape(getDb, TOKEN);
    expect(scraped.status).toBe(200);
    expect(scraped.text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(scraped.text).toContain('process_resident_memory_bytes');
    expect(sample(scraped.text, 'database_readings_up')).toBe(1);
  });

  it('records HTTP latency by route class, ARCA calls by operation and outcome, webhook deliveries', async () => {
    const arca = await listen((_req, res) => void res.writeHead(500).end('<soap:Fault/>'));
    const receiver = await listen((_req, res) => void res.writeHead(204).end());
    try {
      observeHttp('registration_page', 200, 0.02);
      await postSoap(
        `${arca.url}/wsfe`,
        '<x/>',
        { SOAPAction: '"http://ar.gov.afip.dif.FEV1/FECAESolicitar"' },
        2_000,
      );
      await deliverWebhook({
        url: `${receiver.url}/hook`,
        body: '{}',
        headers: {},
        allowPrivate: true,
      });
      const { text } = await scrape(async () => database.db, TOKEN);
      expect(
        sample(text, 'http_request_duration_seconds_count{route="registration_page",status="2xx"}'),
      ).toBeGreaterThanOrEqual(1);
      expect(
        sample(
          text,
          'arca_call_duration_seconds_count{operation="FECAESolicitar",outcome="http_5xx"}',
        ),
      ).toBeGreaterThanOrEqual(1);
      expect(
        sample(text, 'webhook_delivery_duration_seconds_count{outcome="delivered"}'),
      ).toBeGreaterThanOrEqual(1);
    } finally {
      await arca.close();
      await receiver.close();
    }
  });

  it('counts a job its runner ends at a step (here KO: the gov-ar app is not connected)', async () => {
    const db = database.db;
    const finished = 'jobs_finished_total{status="KO"}';
    const before = sample((await scrape(async () => db, TOKEN)).text, finished) ?? 0;
    const { ownerId, workflowId } = await setupWorkspace(db, { connect: false });
    const runner = testRunner(db);
    try {
      const supplier = await createSupplier(db, ownerId);
      const job = await runWorkflow(db, ownerId, workflowId, supplier.id);
      expect((await waitForJobState(db, ownerId, job.id, isDone)).status).toBe('KO');
    } finally {
      await runner.stop();
    }
    expect(sample((await scrape(async () => db, TOKEN)).text, finished)).toBe(before + 1);
  });

  it('still answers when the database does not, marking its readings stale', async () => {
    const { status, text } = await scrape(async () => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
    }, TOKEN);
    expect(status).toBe(200);
    expect(sample(text, 'database_readings_up')).toBe(0);
  });
});

describeEachDatabase('metrics read from the database', (database) => {
  const workspaces = trackedWorkspaces(() => database().db);
  afterAll(() => workspaces.retire());

  it('count parked jobs by step, one more for each job that parks', async () => {
    const db = database().db;
    const { ownerId, workflowId } = await workspaces.setup({});
    const before =
      sample(
        (await scrape(async () => db, TOKEN)).text,
        'jobs{status="QUEUED",step="gov-ar.wait.authorization"}',
      ) ?? 0;
    const runner = testRunner(db);
    try {
      const supplier = await createSupplier(db, ownerId);
      const job = await runWorkflow(db, ownerId, workflowId, supplier.id);
      await waitForJobState(db, ownerId, job.id, isParked);
    } finally {
      await runner.stop();
    }
    const { text } = await scrape(async () => db, TOKEN);
    const after = sample(text, 'jobs{status="QUEUED",step="gov-ar.wait.authorization"}');
    // On the shared PostgreSQL other test files park jobs meanwhile; the in-memory PGlite is this file's own.
    if (database().kind === 'pglite') expect(after).toBe(before + 1);
    else expect(after).toBeGreaterThanOrEqual(before + 1);
    expect(sample(text, 'jobs_parked')).toBeGreaterThanOrEqual(before + 1);
  });

  it('count validated certificates expiring within 30 days', async () => {
    const db = database().db;
    const { ownerId } = await workspaces.setup({});
    const supplier = await createSupplier(db, ownerId);
    const far = new Date(Date.now() + 5 * 365 * 86_400_000);
    const beforeNow = await countCertificatesExpiring(db, 30);
    const beforeFar = await countCertificatesExpiring(db, 30, far);
    await storeValidatedCredentials(db, ownerId, supplier.id);
    // A fresh certificate is not expiring now; seen from five years on, it is (and counted once).
    const afterFar = await countCertificatesExpiring(db, 30, far);
    if (database().kind === 'pglite') {
      expect(await countCertificatesExpiring(db, 30)).toBe(beforeNow);
      expect(afterFar).toBe(beforeFar + 1);
    } else expect(afterFar).toBeGreaterThanOrEqual(beforeFar + 1);
  });
});
