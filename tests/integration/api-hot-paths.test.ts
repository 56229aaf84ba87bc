import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db';
import { apiHarness, party } from './support/api-harness';
import { describeEachDatabase } from './support/databases';

interface Sent {
  /** A named prepared statement (runStatement), or SQL built per call (Drizzle). */
  named: boolean;
  /** The statement's name, or the SQL text. */
  what: string;
}

/** What each statement the database is sent while `run` runs: watched at the driver. */
async function statementsDuring(database: Database, run: () => Promise<unknown>) {
  const sent: Sent[] = [];
  const { driver } = database;
  if (driver.kind === 'postgres') {
    const query = driver.pool.query.bind(driver.pool);
    vi.spyOn(driver.pool, 'query').mockImplementation(((config: unknown, ...rest: unknown[]) => {
      const named = typeof config === 'object' && config !== null && 'name' in config;
      const text = typeof config === 'string' ? config : String((config as { text: string }).text);
      sent.push({ named, what: named ? String((config as { name: string }).name) : text });
      return (query as (...args: unknown[]) => unknown)(config, ...rest);
    }) as typeof driver.pool.query);
  } else {
    const { client } = driver;
    const query = client.query.bind(client);
    const stream = client.execProtocolStream.bind(client);
    vi.spyOn(client, 'query').mockImplementation(((text: string, ...rest: unknown[]) => {
      sent.push({ named: false, what: text });
      return (query as (...args: unknown[]) => unknown)(text, ...rest);
    }) as typeof client.query);
    // lib/db's named statements go as protocol messages: a Bind ('B', length, portal, statement name) each.
    vi.spyOn(client, 'execProtocolStream').mockImplementation((message, ...rest) => {
      if (message[0] === 0x42) {
        const names = Buffer.from(message.subarray(5)).toString('latin1').split('\0');
        sent.push({ named: true, what: names[1]! });
      }
      return stream(message, ...rest);
    });
  }
  await run();
  vi.restoreAllMocks();
  // The key's own lookups and the shared rate-limit reservations come and go with their caches.
  return sent.filter((s) => !/api_keys|rate_limits|ratelimit/.test(s.what));
}

describeEachDatabase('API hot paths', (database) => {
  const api = apiHarness(database);
  let ws: Awaited<ReturnType<typeof api.workspace>>;
  let entryId: string;
  beforeAll(async () => {
    ws = await api.workspace();
    entryId = (await api.call('POST', '/silo/v1/entries', { key: ws.key, json: { data: party() } }))
      .body.id as string;
  });
  afterEach(() => vi.restoreAllMocks());

  it('GET entry reads the entry, its meta and its files in one prepared statement', async () => {
    const sent = await statementsDuring(database(), async () => {
      const res = await api.call('GET', `/silo/v1/entries/${entryId}`, { key: ws.key });
      expect(res.status).toBe(200);
    });
    expect(sent).toEqual([{ named: true, what: expect.stringMatching(/^silo_entry_with_meta/) }]);
  });

  it('queuing a job runs only prepared statements', async () => {
    const sent = await statementsDuring(database(), async () => {
      const res = await api.call('POST', '/transform/v1/jobs', {
        key: ws.key,
        json: { workflow_id: ws.workflowId, silo_entry_id: entryId },
      });
      expect(res.status).toBe(202);
    });
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.filter((s) => !s.named)).toEqual([]);
  });

  it("queuing a job is one statement: the workflow/entry schema check is the insert's own", async () => {
    const sent = await statementsDuring(database(), async () => {
      const res = await api.call('POST', '/transform/v1/jobs', {
        key: ws.key,
        json: { workflow_id: ws.workflowId, silo_entry_id: entryId },
      });
      expect(res.status).toBe(202);
    });
    expect(sent).toEqual([{ named: true, what: expect.stringMatching(/^transform_insert_job/) }]);
  });

  it("a service's requests meet their checks (body, JSON, key, rate limit, storable text) in one middleware, not five", () => {
    for (const service of ['/utils/v1/*', '/silo/v1/*', '/transform/v1/*'])
      expect(
        api
          .app()
          .routes.filter((route) => route.method === 'ALL' && route.path === service)
          .map((route) => route.path),
      ).toEqual([service]);
  });

  it('an answer is built once: the headers added after the route do not copy the response', async () => {
    const Original = globalThis.Response;
    let built = 0;
    globalThis.Response = class extends Original {
      constructor(...args: ConstructorParameters<typeof Response>) {
        super(...args);
        built++;
      }
    } as typeof Response;
    try {
      const res = await api.app().request('/utils/v1/ping', {
        headers: { authorization: `Bearer ${ws.key}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(built).toBe(1);
    } finally {
      globalThis.Response = Original;
    }
  });
});
