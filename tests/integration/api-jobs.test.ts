import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { v1 as uuidv1, v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@/lib/db';
import { completeRegistration } from '@/lib/registration';
import { startRunner, type Runner } from '@/lib/transform';
import { STEP_HANDLERS } from '@/lib/workflow-steps';
import { apiHarness, party, type Call } from './support/api-harness';
import { describeEachDatabase } from './support/databases';
import { storeValidatedCredentials } from './support/validated-credentials';
import { conformanceErrors } from './support/openapi-check';

type Workspace = { id: string; key: string; workflowId: string };

const newEntry = async (call: Call, ws: Workspace) =>
  (
    await call('POST', '/silo/v1/entries', {
      key: ws.key,
      json: { folder: 'suppliers', data: party() },
    })
  ).body.id as string;

describeEachDatabase('API transform jobs and workflows', (database) => {
  const api = apiHarness(database);
  let ws: Workspace;
  beforeAll(async () => {
    ws = await api.workspace();
  });
  const jobRows = async (id: string) =>
    (await database().db.select({ n: count() }).from(schema.jobs).where(eq(schema.jobs.id, id)))[0]!
      .n;

  it('POST queues a job and answers 202 with it', async () => {
    const entry = await newEntry(api.call, ws);
    const res = await api.call('POST', '/transform/v1/jobs', {
      key: ws.key,
      json: {
        workflow_id: ws.workflowId,
        silo_entry_id: entry,
        args: { lang: 'es' },
        tags: ['alta'],
      },
    });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      workflow_id: ws.workflowId,
      silo_entry_id: entry,
      args: { lang: 'es' },
      tags: ['alta'],
      faults: [],
    });
    expect(res.body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
    expect(res.body).not.toHaveProperty('key');
  });

  it('refuses a job whose workflow or entry is missing, naming the field', async () => {
    const res = await api.call('POST', '/transform/v1/jobs', {
      key: ws.key,
      json: { workflow_id: randomUUID(), silo_entry_id: await newEntry(api.call, ws) },
    });
    expect(res.status).toBe(422);
    expect(res.body.fields).toEqual({ workflow_id: expect.any(String) });
    const shape = await api.call('POST', '/transform/v1/jobs', {
      key: ws.key,
      json: { workflow_id: 'nope' },
    });
    expect(shape.status).toBe(422);
    expect(shape.body.fields).toMatchObject({
      workflow_id: expect.any(String),
      silo_entry_id: expect.any(String),
    });
  });

  it('holds a job body to the limits its OpenAPI documents (one schema for both)', async () => {
    const created = (await api.call('GET', '/openapi.json')).body.components.schemas.CreateJob;
    expect(created.properties.key).toMatchObject({ minLength: 1, maxLength: 255 });
    expect(created.properties.tags).toMatchObject({ maxItems: 50, items: { maxLength: 100 } });
    const body = { workflow_id: ws.workflowId, silo_entry_id: await newEntry(api.call, ws) };
    for (const [extra, field] of [
      [{ key: 'k'.repeat(256) }, 'key'],
      [{ key: '   ' }, 'key'],
      [{ tags: Array(51).fill('t') }, 'tags'],
      [{ tags: ['t'.repeat(101)] }, 'tags'],
    ] as const) {
      const res = await api.call('POST', '/transform/v1/jobs', {
        key: ws.key,
        json: { ...body, ...extra },
      });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.fields)).toEqual([field]);
    }
    const trimmed = await api.call('POST', '/transform/v1/jobs', {
      key: ws.key,
      json: { ...body, key: ` k-${uuidv7()} `, tags: Array(50).fill('t'.repeat(100)) },
    });
    expect(trimmed.status).toBe(202);
    expect(trimmed.body.key).toMatch(/^k-\S+$/);
  });

  it('PUT takes only time-based UUIDs and is idempotent: same body → same job, another body → 409', async () => {
    const entry = await newEntry(api.call, ws);
    const body = { workflow_id: ws.workflowId, silo_entry_id: entry };
    const v4 = await api.call('PUT', `/transform/v1/jobs/${randomUUID()}`, {
      key: ws.key,
      json: body,
    });
    expect(v4.status).toBe(422);
    expect(v4.body.fields).toEqual({ id: expect.stringMatching(/v1 or v7/) });
    for (const id of [uuidv7(), uuidv1()]) {
      const first = await api.call('PUT', `/transform/v1/jobs/${id}`, { key: ws.key, json: body });
      expect(first.status).toBe(202);
      expect(first.body.id).toBe(id);
      const again = await api.call('PUT', `/transform/v1/jobs/${id}`, { key: ws.key, json: body });
      expect(again.status).toBe(202);
      expect(again.body).toMatchObject({ id, created_at: first.body.created_at });
      const other = await api.call('PUT', `/transform/v1/jobs/${id}`, {
        key: ws.key,
        json: { ...body, tags: ['x'] },
      });
      expect(other.status).toBe(409);
      expect(other.body).toMatchObject({ status: 409, code: 'conflict' });
      expect(await jobRows(id)).toBe(1);
    }
  });

  it('fifty concurrent identical PUTs create exactly one job', async () => {
    const id = uuidv7();
    const body = { workflow_id: ws.workflowId, silo_entry_id: await newEntry(api.call, ws) };
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        api.call('PUT', `/transform/v1/jobs/${id}`, { key: ws.key, json: body }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(202));
    expect(new Set(answers.map((a) => a.body.id))).toEqual(new Set([id]));
    expect(await jobRows(id)).toBe(1);
  });

  it('a keyed POST repeated returns the original job, a conflicting one is a 409, fifty at once make one', async () => {
    const entry = await newEntry(api.call, ws);
    const key = `job-${randomUUID()}`;
    const body = { workflow_id: ws.workflowId, silo_entry_id: entry, key };
    const first = await api.call('POST', '/transform/v1/jobs', { key: ws.key, json: body });
    expect(first.status).toBe(202);
    expect(first.body.key).toBe(key);
    expect(
      (await api.call('POST', '/transform/v1/jobs', { key: ws.key, json: body })).body.id,
    ).toBe(first.body.id);
    expect(
      (
        await api.call('POST', '/transform/v1/jobs', {
          key: ws.key,
          json: { ...body, args: { a: '1' } },
        })
      ).status,
    ).toBe(409);

    const many = { ...body, key: `job-${randomUUID()}` };
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        api.call('POST', '/transform/v1/jobs', { key: ws.key, json: many }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(202));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    const rows = await database()
      .db.select({ n: count() })
      .from(schema.jobs)
      .where(eq(schema.jobs.key, many.key));
    expect(rows[0]!.n).toBe(1);
  });

  it('GETs a job by id and by key, lists jobs newest first as summaries with a cursor', async () => {
    const own = await api.workspace();
    const entry = await newEntry(api.call, own);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.unshift(
        (
          await api.call('POST', '/transform/v1/jobs', {
            key: own.key,
            json: { workflow_id: own.workflowId, silo_entry_id: entry, key: `k${i}` },
          })
        ).body.id,
      );
    }
    const byId = await api.call('GET', `/transform/v1/jobs/${ids[0]}`, { key: own.key });
    expect(byId.status).toBe(200);
    expect(byId.body).toMatchObject({ id: ids[0], key: 'k2', intents: expect.any(Array) });
    const byKey = await api.call('GET', '/transform/v1/jobs/key/k2', { key: own.key });
    expect(byKey.body.id).toBe(ids[0]);
    expect((await api.call('GET', `/transform/v1/jobs/${uuidv7()}`, { key: own.key })).status).toBe(
      404,
    );
    expect((await api.call('GET', '/transform/v1/jobs/key/none', { key: own.key })).status).toBe(
      404,
    );
    expect((await api.call('GET', '/transform/v1/jobs/not-a-uuid', { key: own.key })).status).toBe(
      422,
    );

    const first = await api.call('GET', '/transform/v1/jobs?limit=2', { key: own.key });
    expect(first.status).toBe(200);
    expect(first.body.list.map((j: { id: string }) => j.id)).toEqual(ids.slice(0, 2));
    expect(first.body.list[0]).not.toHaveProperty('intents');
    const second = await api.call(
      'GET',
      `/transform/v1/jobs?limit=2&cursor=${first.body.next_cursor}`,
      { key: own.key },
    );
    expect(second.body).toMatchObject({ limit: 2, cursor: first.body.next_cursor });
    expect(second.body.list.map((j: { id: string }) => j.id)).toEqual(ids.slice(2));
    expect(second.body).not.toHaveProperty('next_cursor');
    const forEntry = await api.call('GET', `/transform/v1/jobs?silo_entry_id=${entry}`, {
      key: own.key,
    });
    expect(forEntry.body.list).toHaveLength(3);
    expect(
      (await api.call('GET', '/transform/v1/jobs?cursor=bogus', { key: own.key })).status,
    ).toBe(422);
  });

  it('lists workflows newest first (next_created_at) and fetches one', async () => {
    const own = await api.workspace();
    const more = await api.workspace();
    void more;
    const list = await api.call('GET', '/transform/v1/workflows', { key: own.key });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({
      limit: 20,
      list: [{ id: own.workflowId, name: expect.any(String) }],
    });
    expect(list.body).not.toHaveProperty('next_created_at');
    const one = await api.call('GET', `/transform/v1/workflows/${own.workflowId}`, {
      key: own.key,
    });
    expect(one.status).toBe(200);
    expect(one.body.steps.map((s: { provider: string }) => s.provider)).toEqual([
      'silo.state',
      'gov-ar.register',
      'gov-ar.wait.authorization',
      'silo.state',
    ]);
    expect(one.body.rescue.map((s: { config?: { state: string } }) => s.config?.state)).toEqual([
      'error',
    ]);
    expect(
      (await api.call('GET', `/transform/v1/workflows/${randomUUID()}`, { key: own.key })).status,
    ).toBe(404);
    expect(
      (await api.call('GET', '/transform/v1/workflows?created_at=yesterday', { key: own.key }))
        .status,
    ).toBe(422);
  });

  describe('with a runner', () => {
    let runner: Runner;
    beforeAll(() => {
      runner = startRunner({ getDb: async () => database().db, steps: STEP_HANDLERS, pollMs: 50 });
    });
    afterAll(async () => {
      await runner.stop();
    });

    it('?wait= returns a knocked-out job at once when the Argentina app is not connected, with a fault naming it', async () => {
      const bare = await api.workspace({ connect: false });
      const entry = await newEntry(api.call, bare);
      const started = Date.now();
      const res = await api.call('POST', '/transform/v1/jobs?wait=20', {
        key: bare.key,
        json: { workflow_id: bare.workflowId, silo_entry_id: entry },
      });
      expect(res.status).toBe(202);
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(res.body).toMatchObject({ status: 'KO', completed_at: expect.any(String) });
      expect(res.body.faults).toEqual([
        {
          provider: 'gov-ar',
          code: 'app_not_connected',
          message: expect.stringMatching(/Argentina app \(gov-ar\) is not connected/),
        },
      ]);
      expect(
        res.body.intents.map(
          (i: { provider: string; status: string }) => `${i.provider}:${i.status}`,
        ),
      ).toEqual(['silo.state:OK', 'gov-ar.register:KO', 'silo.state:OK']);
      // The API numbers each intent's events; the runner stores them without.
      expect(
        res.body.intents[0].events.map((e: { index: number; status: string }) => [
          e.index,
          e.status,
        ]),
      ).toEqual([
        [0, 'RUN'],
        [1, 'OK'],
      ]);
      const states = await api.call('GET', `/silo/v1/entries/${entry}/states`, { key: bare.key });
      expect(
        states.body.list.map((s: { key: string; src?: string; src_id?: string }) => [
          s.key,
          s.src_id,
        ]),
      ).toEqual([
        ['empty', undefined],
        ['processing', res.body.id],
        ['error', res.body.id],
      ]);
    });

    it('?wait= gives up after its seconds on a parked job, and returns once the job completes', async () => {
      const entry = await newEntry(api.call, ws);
      const id = uuidv7();
      const started = Date.now();
      const parked = await api.call('PUT', `/transform/v1/jobs/${id}?wait=1`, {
        key: ws.key,
        json: { workflow_id: ws.workflowId, silo_entry_id: entry },
      });
      expect(parked.status).toBe(202);
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
      expect(parked.body.completed_at).toBeUndefined();
      const withLink = await api.call('GET', `/silo/v1/entries/${entry}`, { key: ws.key });
      expect(withLink.body.state).toBe('processing');
      expect(withLink.body.meta[0]).toMatchObject({
        src: 'gov-ar',
        key: 'link',
        link_url: expect.stringContaining('/reg/'),
      });

      const waiting = api.call('GET', `/transform/v1/jobs/${id}?wait=20`, { key: ws.key });
      await new Promise((r) => setTimeout(r, 200));
      await storeValidatedCredentials(database().db, ws.id, entry);
      await completeRegistration(database().db, entry);
      const done = await waiting;
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({
        id,
        status: 'OK',
        completed_at: expect.any(String),
        faults: [],
      });
      expect(done.body.intents.every((i: { completed: boolean }) => i.completed)).toBe(true);
      expect((await api.call('GET', `/silo/v1/entries/${entry}`, { key: ws.key })).body.state).toBe(
        'registered',
      );
      const byKey = await api.call('GET', `/transform/v1/jobs/key/none?wait=1`, { key: ws.key });
      expect(byKey.status).toBe(404);
    });
  });

  it('answers every request as its OpenAPI document says', async () => {
    expect(await conformanceErrors(api.app(), api.records)).toEqual([]);
  });
});
