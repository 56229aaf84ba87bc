import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@/lib/db';
import {
  authenticateApiKey,
  forgetAuthenticatedKeys,
  REVOCATION_BOUND_MS,
  revokeApiKey,
} from '@/lib/workspaces';
import { apiHarness, party } from './support/api-harness';
import { describeEachDatabase } from './support/databases';
import { conformanceErrors } from './support/openapi-check';
import { statementsDuring } from './support/statements-during';

describeEachDatabase('API keys and workspaces', (database) => {
  const api = apiHarness(database);
  let a: Awaited<ReturnType<typeof api.workspace>>;
  let b: Awaited<ReturnType<typeof api.workspace>>;
  beforeAll(async () => {
    [a, b] = await Promise.all([api.workspace(), api.workspace()]);
  });

  it('answers ping with a valid key', async () => {
    const res = await api.call('GET', '/utils/v1/ping', { key: a.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ping: 'pong' });
  });

  it('refuses a missing, malformed, unknown or revoked key with 401, a Bearer challenge and problem+json', async () => {
    const extra = await api.workspace();
    expect((await api.call('GET', '/utils/v1/ping', { key: extra.key })).status).toBe(200);
    expect(await revokeApiKey(database().db, extra.id, extra.keyId)).toBe(true);
    const attempts = [
      await api.call('GET', '/utils/v1/ping'),
      await api.call('GET', '/utils/v1/ping', {
        headers: { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
      }),
      await api.call('GET', '/utils/v1/ping', { headers: { authorization: 'Bearer' } }),
      await api.call('GET', '/silo/v1/entries', { key: 'arca_not-a-real-key' }),
      await api.call('POST', '/silo/v1/entries', { key: extra.key, json: { data: party() } }),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer realm=/);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      expect(res.body).toMatchObject({
        status: 401,
        title: 'Unauthorized',
        code: 'unauthorized',
        message: expect.any(String),
      });
    }
    expect(attempts[4]!.body.detail).toMatch(/revoked/);
  });

  it('never remembers a refused token, so made-up tokens cannot push valid keys out of the cache', async () => {
    const { db } = database();
    const extra = await api.workspace();
    const setRevoked = (revokedAt: Date | null) =>
      db.update(schema.apiKeys).set({ revokedAt }).where(eq(schema.apiKeys.id, extra.keyId));
    await setRevoked(new Date());
    expect(await authenticateApiKey(db, extra.key)).toBeNull();
    // Valid again: the refusal a moment ago was not kept.
    await setRevoked(null);
    expect(await authenticateApiKey(db, extra.key)).toMatchObject({
      keyId: extra.keyId,
      workspaceId: extra.id,
    });
  });

  it('a key revoked on another instance stops working within REVOCATION_BOUND_MS (1 s), as docs/api.md says', async () => {
    const { db } = database();
    const extra = await api.workspace();
    expect(REVOCATION_BOUND_MS).toBeLessThanOrEqual(1_000);
    expect(await authenticateApiKey(db, extra.key)).not.toBeNull();
    // Revoked by another instance: this one's cache is not told.
    const revokedAt = Date.now();
    await db
      .update(schema.apiKeys)
      .set({ revokedAt: new Date() })
      .where(eq(schema.apiKeys.id, extra.keyId));
    let refusedAfter = Infinity;
    while (Date.now() - revokedAt < 3 * REVOCATION_BOUND_MS) {
      if ((await authenticateApiKey(db, extra.key)) === null) {
        refusedAfter = Date.now() - revokedAt;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(refusedAfter).toBeLessThanOrEqual(REVOCATION_BOUND_MS + 100);
    // On the instance that revokes, at once.
    const other = await api.workspace();
    expect(await authenticateApiKey(db, other.key)).not.toBeNull();
    expect(await revokeApiKey(db, other.id, other.keyId)).toBe(true);
    expect(await authenticateApiKey(db, other.key)).toBeNull();
  });

  it('requests that come together with a key not yet cached make one lookup, not one each', async () => {
    const { db } = database();
    const extra = await api.workspace();
    let principals: unknown[] = [];
    const sent = await statementsDuring(database(), async () => {
      principals = await Promise.all(
        Array.from({ length: 10 }, () => authenticateApiKey(db, extra.key)),
      );
    });
    expect(new Set(principals.map((p) => JSON.stringify(p))).size).toBe(1);
    expect(principals[0]).toMatchObject({ keyId: extra.keyId, workspaceId: extra.id });
    expect(sent.filter((s) => s.what.startsWith('api_keys_by_hash'))).toHaveLength(1);
  });

  it('a lookup in flight when the cache is cleared (a revocation) is neither joined nor kept', async () => {
    const { db } = database();
    const [extra, other] = await Promise.all([api.workspace(), api.workspace()]);
    let answers: unknown[] = [];
    const sent = await statementsDuring(database(), async () => {
      const before = authenticateApiKey(db, extra.key);
      // What revokeApiKey does once the key is revoked, while the lookup above is on its way.
      forgetAuthenticatedKeys();
      const after = authenticateApiKey(db, extra.key);
      answers = await Promise.all([before, after]);
    });
    expect(answers).toEqual([expect.objectContaining({ keyId: extra.keyId }), answers[0]]);
    // The request after the clear did not wait for the lookup from before it: it made its own.
    expect(sent.filter((s) => s.what.startsWith('api_keys_by_hash'))).toHaveLength(2);

    const inFlight = authenticateApiKey(db, other.key);
    forgetAuthenticatedKeys();
    expect(await inFlight).toMatchObject({ keyId: other.keyId });
    // Revoked without telling this cache: the answer read before the clear was not kept.
    await db
      .update(schema.apiKeys)
      .set({ revokedAt: new Date() })
      .where(eq(schema.apiKeys.id, other.keyId));
    expect(await authenticateApiKey(db, other.key)).toBeNull();
  });

  it("answers 404, never 403, for another workspace's entry, job and workflow", async () => {
    const key = `private-${randomUUID()}`;
    const entry = (
      await api.call('POST', '/silo/v1/entries', {
        key: a.key,
        json: { key, folder: 'suppliers', data: party() },
      })
    ).body;
    const job = (
      await api.call('POST', '/transform/v1/jobs', {
        key: a.key,
        json: { workflow_id: a.workflowId, silo_entry_id: entry.id, key },
      })
    ).body;
    expect(job.id).toBeDefined();
    const foreign = [
      `/silo/v1/entries/${entry.id}`,
      `/silo/v1/entries/${entry.id}/states`,
      `/silo/v1/entries/key/${key}`,
      `/transform/v1/jobs/${job.id}`,
      `/transform/v1/jobs/key/${key}`,
      `/transform/v1/workflows/${a.workflowId}`,
    ];
    for (const path of foreign) {
      const res = await api.call('GET', path, { key: b.key });
      expect(res.status, path).toBe(404);
      expect(res.body).toMatchObject({ status: 404, code: 'not_found' });
      expect((await api.call('GET', path, { key: a.key })).status, path).toBe(200);
    }
    const lists = [
      '/silo/v1/entries?limit=100',
      '/transform/v1/jobs?limit=100',
      '/transform/v1/workflows?limit=100',
    ];
    for (const path of lists) {
      const ids = (await api.call('GET', path, { key: b.key })).body.list.map(
        (x: { id: string }) => x.id,
      );
      expect(ids, path).not.toContain(entry.id);
      expect(ids, path).not.toContain(job.id);
      expect(ids, path).not.toContain(a.workflowId);
    }
    const borrowed = await api.call('POST', '/transform/v1/jobs', {
      key: b.key,
      json: { workflow_id: a.workflowId, silo_entry_id: entry.id },
    });
    expect(borrowed.status).toBe(422);
    expect(borrowed.body.fields).toEqual({
      workflow_id: expect.any(String),
      silo_entry_id: expect.any(String),
    });
  });

  it('lets each key create the same idempotency key in its own workspace', async () => {
    const key = `shared-${randomUUID()}`;
    const inA = await api.call('POST', '/silo/v1/entries', {
      key: a.key,
      json: { key, data: party() },
    });
    const inB = await api.call('POST', '/silo/v1/entries', {
      key: b.key,
      json: { key, data: party() },
    });
    expect([inA.status, inB.status]).toEqual([200, 200]);
    expect(inA.body.id).not.toBe(inB.body.id);
  });

  it('answers every request as its OpenAPI document says', async () => {
    expect(await conformanceErrors(api.app(), api.records)).toEqual([]);
  });
});
