import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db';
import { apiHarness, party } from './support/api-harness';
import { statementsDuring } from './support/statements-during';
import { describeEachDatabase } from './support/databases';

// What the API sends the database while `run` runs, but the key's own lookups and the shared
// rate-limit reservations, which come and go with their caches.
async function apiStatementsDuring(database: Database, run: () => Promise<unknown>) {
  const sent = await statementsDuring(database, run);
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
    const sent = await apiStatementsDuring(database(), async () => {
      const res = await api.call('GET', `/silo/v1/entries/${entryId}`, { key: ws.key });
      expect(res.status).toBe(200);
    });
    expect(sent).toEqual([{ named: true, what: expect.stringMatching(/^silo_entry_with_meta/) }]);
  });

  it('queuing a job runs only prepared statements', async () => {
    const sent = await apiStatementsDuring(database(), async () => {
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
    const sent = await apiStatementsDuring(database(), async () => {
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
