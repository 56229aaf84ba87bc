import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '@/lib/db';
import { createHealthEndpoints, createRequestHandler } from '@/lib/server';
import { describeEachDatabase } from './support/databases';

interface Probe {
  status: number;
  body: { status: string; checks?: Record<string, { ok: boolean; [k: string]: unknown }> };
}

async function serve(handleHealth: ReturnType<typeof createHealthEndpoints>) {
  let pages = 0;
  const handler = createRequestHandler({
    trustedProxies: [],
    requestsPerMinute: 1,
    handleApi: (_req, res) => void res.writeHead(404).end(),
    handlePage: (_req, res) => {
      pages++;
      res.writeHead(200).end('page');
    },
    handleHealth,
  });
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const probe = async (path: string, method = 'GET'): Promise<Probe> => {
    const response = await fetch(url + path, { method });
    const text = await response.text();
    return {
      status: response.status,
      body: text ? (JSON.parse(text) as Probe['body']) : ({} as Probe['body']),
    };
  };
  return { probe, pages: () => pages, close: () => new Promise((r) => server.close(r)) };
}

const runningRunner = (lastLoopAt = new Date()) => ({
  isRunning: () => true,
  lastLoopAt: () => lastLoopAt,
});

describeEachDatabase('GET /healthz and /readyz', (database) => {
  it('answer 200 when the database is migrated and the runner goes round', async () => {
    const server = await serve(
      createHealthEndpoints({ getDb: async () => database().db, runner: runningRunner() }),
    );
    try {
      expect(await server.probe('/healthz')).toEqual({ status: 200, body: { status: 'ok' } });
      const ready = await server.probe('/readyz');
      expect(ready.status).toBe(200);
      expect(ready.body.status).toBe('ready');
      expect(ready.body.checks!.database!.ok).toBe(true);
      expect(ready.body.checks!.migrations).toMatchObject({ ok: true });
      expect(ready.body.checks!.migrations!.applied).toBe(ready.body.checks!.migrations!.expected);
      expect(ready.body.checks!.runner).toMatchObject({ ok: true, mode: 'embedded' });
      // The per-address limit (1 a minute here) never counts a probe.
      for (let i = 0; i < 5; i++) expect((await server.probe('/readyz')).status).toBe(200);
      expect(server.pages()).toBe(0);
    } finally {
      await server.close();
    }
  });

  it('answer 503 naming the runner when it stopped or its loop is stuck', async () => {
    const stopped = await serve(
      createHealthEndpoints({
        getDb: async () => database().db,
        runner: { isRunning: () => false, lastLoopAt: () => new Date() },
      }),
    );
    const stuck = await serve(
      createHealthEndpoints({
        getDb: async () => database().db,
        runner: runningRunner(new Date(Date.now() - 60_000)),
      }),
    );
    try {
      for (const server of [stopped, stuck]) {
        const ready = await server.probe('/readyz');
        expect(ready.status).toBe(503);
        expect(ready.body.status).toBe('not_ready');
        expect(ready.body.checks!.runner!.ok).toBe(false);
        expect(ready.body.checks!.database!.ok).toBe(true);
        // Alive all the same: a restart is not what fixes a busy runner's database.
        expect((await server.probe('/healthz')).status).toBe(200);
      }
    } finally {
      await stopped.close();
      await stuck.close();
    }
  });

  it('treat a worker-run deployment (no embedded runner) as ready', async () => {
    const server = await serve(createHealthEndpoints({ getDb: async () => database().db }));
    try {
      const ready = await server.probe('/readyz');
      expect(ready.status).toBe(200);
      expect(ready.body.checks!.runner).toEqual({ ok: true, mode: 'external' });
    } finally {
      await server.close();
    }
  });

  it('answer HEAD without a body and refuse other methods', async () => {
    const server = await serve(createHealthEndpoints({ getDb: async () => database().db }));
    try {
      const head = await server.probe('/readyz', 'HEAD');
      expect(head.status).toBe(200);
      expect(head.body).toEqual({});
      expect((await server.probe('/healthz', 'POST')).status).toBe(405);
    } finally {
      await server.close();
    }
  });
});

describe('GET /readyz when the database is not there', () => {
  let closedDb: Db;
  beforeAll(async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    closedDb = database.db;
    await database.close();
  });

  it('answers 503 with the database and migrations checks failed, never a 500', async () => {
    const server = await serve(createHealthEndpoints({ getDb: async () => closedDb }));
    try {
      const ready = await server.probe('/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body.checks!.database!.ok).toBe(false);
      expect(ready.body.checks!.migrations!.ok).toBe(false);
      expect((await server.probe('/healthz')).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('answers 503 within the timeout when the database hangs', async () => {
    const hanging = () => new Promise<Db>(() => undefined);
    const server = await serve(createHealthEndpoints({ getDb: hanging, timeoutMs: 100 }));
    try {
      const started = Date.now();
      const ready = await server.probe('/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body.checks!.database!.error).toBe('no answer within 100 ms');
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await server.close();
    }
  });
});

describe('GET /readyz on a database missing this code’s newest migration', () => {
  let db: Db;
  let close: () => Promise<void>;
  afterAll(() => close());
  beforeAll(async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    db = database.db;
    close = database.close;
    await db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
  });

  it('answers 503 with the expected and applied migrations', async () => {
    const server = await serve(createHealthEndpoints({ getDb: async () => db }));
    try {
      const ready = await server.probe('/readyz');
      expect(ready.status).toBe(503);
      const migrations = ready.body.checks!.migrations!;
      expect(migrations.ok).toBe(false);
      expect(Number(migrations.applied)).toBeLessThan(Number(migrations.expected));
    } finally {
      await server.close();
    }
  });
});
