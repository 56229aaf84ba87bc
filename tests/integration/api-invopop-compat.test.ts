import { count, eq } from 'drizzle-orm';
import { v4 as uuidv4, v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@/lib/db';
import { completeRegistration } from '@/lib/registration';
import type { Runner } from '@/lib/transform';
import { connectApp } from '@/lib/workspaces';
import { apiHarness, party, type Call } from './support/api-harness';
import { describeEachDatabase } from './support/databases';
import { conformanceErrors } from './support/openapi-check';
import { testRunner } from './support/runner-fixtures';
import { storeValidatedCredentials } from './support/validated-credentials';

type Workspace = { id: string; key: string; workflowId: string };
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const newEntry = async (call: Call, ws: Workspace) =>
  (
    await call('POST', '/silo/v1/entries', {
      key: ws.key,
      json: { folder: 'suppliers', data: party() },
    })
  ).body as { id: string; created_at: string };

describeEachDatabase('API as an Invopop client expects it', (database) => {
  const api = apiHarness(database);
  let ws: Workspace;
  let other: Workspace;
  beforeAll(async () => {
    ws = await api.workspace();
    other = await api.workspace();
  });
  const entryRows = async (id: string) =>
    (
      await database()
        .db.select({ n: count() })
        .from(schema.entries)
        .where(eq(schema.entries.id, id))
    )[0]!.n;

  it('takes upper-case UUIDs: a repeated identical PUT of an entry or a job answers the same one', async () => {
    const entryId = uuidv4().toUpperCase();
    const body = { key: `upper-${entryId}`, data: party() };
    const first = await api.call('PUT', `/silo/v1/entries/${entryId}`, { key: ws.key, json: body });
    const again = await api.call('PUT', `/silo/v1/entries/${entryId}`, { key: ws.key, json: body });
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body).toMatchObject({
      id: entryId.toLowerCase(),
      created_at: first.body.created_at,
    });
    expect(await entryRows(entryId.toLowerCase())).toBe(1);
    expect((await api.call('GET', `/silo/v1/entries/${entryId}`, { key: ws.key })).body.id).toBe(
      entryId.toLowerCase(),
    );

    const jobId = uuidv7().toUpperCase();
    const job = { workflow_id: ws.workflowId.toUpperCase(), silo_entry_id: entryId };
    const queued = await api.call('PUT', `/transform/v1/jobs/${jobId}`, { key: ws.key, json: job });
    const repeated = await api.call('PUT', `/transform/v1/jobs/${jobId}`, {
      key: ws.key,
      json: { workflow_id: ws.workflowId, silo_entry_id: entryId.toLowerCase() },
    });
    expect([queued.status, repeated.status]).toEqual([202, 202]);
    expect(repeated.body).toMatchObject({
      id: jobId.toLowerCase(),
      workflow_id: ws.workflowId,
      silo_entry_id: entryId.toLowerCase(),
      created_at: queued.body.created_at,
    });
  });

  it("answers a PUT with another workspace's entry or job id with 404, as for any unknown id", async () => {
    const theirs = await newEntry(api.call, other);
    const res = await api.call('PUT', `/silo/v1/entries/${theirs.id}`, {
      key: ws.key,
      json: { data: party() },
    });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({
      code: 'not_found',
      detail: 'No entry with this id in this workspace.',
    });
    const theirJob = uuidv7();
    expect(
      (
        await api.call('PUT', `/transform/v1/jobs/${theirJob}`, {
          key: other.key,
          json: { workflow_id: other.workflowId, silo_entry_id: theirs.id },
        })
      ).status,
    ).toBe(202);
    const mine = await newEntry(api.call, ws);
    const job = await api.call('PUT', `/transform/v1/jobs/${theirJob}`, {
      key: ws.key,
      json: { workflow_id: ws.workflowId, silo_entry_id: mine.id },
    });
    expect(job.status).toBe(404);
    expect(job.body).toMatchObject({
      code: 'not_found',
      detail: 'No job with this id in this workspace.',
    });
    expect(JSON.stringify([res.body, job.body])).not.toContain(other.id);
  });

  it('refuses job args that are not strings (a map of strings, as Invopop) with a 422 naming each', async () => {
    const entry = await newEntry(api.call, ws);
    const base = { workflow_id: ws.workflowId, silo_entry_id: entry.id };
    for (const [args, fields] of [
      [{ lang: 'es', n: 1 }, { args: { n: expect.stringMatching(/string/) } }],
      [
        { nested: { a: 'b' }, ok: true, none: null },
        { args: { nested: expect.any(String), ok: expect.any(String), none: expect.any(String) } },
      ],
    ] as const) {
      for (const res of [
        await api.call('POST', '/transform/v1/jobs', { key: ws.key, json: { ...base, args } }),
        await api.call('PUT', `/transform/v1/jobs/${uuidv7()}`, {
          key: ws.key,
          json: { ...base, args },
        }),
      ]) {
        expect(res.status).toBe(422);
        expect(res.body.fields).toEqual(fields);
      }
    }
    const ok = await api.call('POST', '/transform/v1/jobs', {
      key: ws.key,
      json: { ...base, args: { lang: 'es' } },
    });
    expect(ok.status).toBe(202);
    expect(ok.body.args).toEqual({ lang: 'es' });
  });

  it('refuses unknown top-level fields of a new entry, naming each, and stores nothing', async () => {
    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      [
        { ...party(), fodler: 'suppliers' },
        { fodler: expect.stringMatching(/not a field of a GOBL party/) },
      ],
      [{ data: party(), allow_invalid: true }, { allow_invalid: 'is not supported by this API' }],
      [{ ...party(), sign: true }, { sign: 'is supported for invoices only' }],
      [{ ...party(), previous_id: 'x' }, { previous_id: 'is not supported by this API' }],
      [{ data: party(), name: 'Otra SA' }, { name: expect.stringMatching(/in data/) }],
      [
        { data: party(), fodler: 'x' },
        { fodler: expect.stringMatching(/not a field of this request/) },
      ],
    ];
    const before = (await api.call('GET', '/silo/v1/entries?limit=100', { key: other.key })).body
      .list.length;
    for (const [json, fields] of cases) {
      const res = await api.call('POST', '/silo/v1/entries', { key: other.key, json });
      expect(res.status).toBe(422);
      expect(res.body.fields).toEqual(fields);
    }
    expect(
      (await api.call('GET', '/silo/v1/entries?limit=100', { key: other.key })).body.list,
    ).toHaveLength(before);
    const full = {
      ...party(),
      alias: 'La Espiga',
      emails: [{ addr: 'hola@example.com' }],
      $regime: 'AR',
      key: `top-${uuidv7()}`,
      folder: 'suppliers',
    };
    const stored = await api.call('POST', '/silo/v1/entries', { key: other.key, json: full });
    expect(stored.status).toBe(200);
    expect(stored.body).toMatchObject({
      key: full.key,
      folder: 'suppliers',
      data: { alias: 'La Espiga', emails: [{ addr: 'hola@example.com' }], $regime: 'AR' },
    });
    expect(stored.body.data).not.toHaveProperty('key');
    expect(stored.body.data).not.toHaveProperty('folder');
  });

  it('refuses an unknown query parameter outside lists too (create entry, fetch job) with a 422 naming it, and stores nothing', async () => {
    const key = `folder-typo-${uuidv7()}`;
    const created = await api.call('POST', '/silo/v1/entries?fodler=suppliers', {
      key: ws.key,
      json: { key, data: party() },
    });
    expect(created.status).toBe(422);
    expect(created.body.fields).toEqual({ fodler: 'is not a parameter of this endpoint' });
    expect((await api.call('GET', `/silo/v1/entries/key/${key}`, { key: ws.key })).status).toBe(
      404,
    );
    const put = await api.call('PUT', `/silo/v1/entries/${uuidv4()}?fodler=x`, {
      key: ws.key,
      json: { data: party() },
    });
    expect(put.status).toBe(422);
    expect(put.body.fields).toEqual({ fodler: 'is not a parameter of this endpoint' });

    const entry = await newEntry(api.call, ws);
    const job = await api.call('POST', '/transform/v1/jobs', {
      key: ws.key,
      json: { workflow_id: ws.workflowId, silo_entry_id: entry.id },
    });
    const fetched = await api.call('GET', `/transform/v1/jobs/${job.body.id}?wiat=5`, {
      key: ws.key,
    });
    expect(fetched.status).toBe(422);
    expect(fetched.body.fields).toEqual({ wiat: 'is not a parameter of this endpoint' });
    expect(
      (await api.call('GET', `/transform/v1/jobs/${job.body.id}?wait=0`, { key: ws.key })).status,
    ).toBe(200);
  });

  describe('list filters Invopop declares', () => {
    let own: Workspace;
    let made: { id: string; created_at: string }[];
    beforeAll(async () => {
      own = await api.workspace();
      made = [];
      for (let i = 0; i < 3; i++) {
        made.push(await newEntry(api.call, own));
        await pause(15);
      }
    });
    const ids = (res: { body: { list: { id: string }[] } }) => res.body.list.map((e) => e.id);

    it('entries: ascending lists oldest first, with its own cursor; created_at bounds from above (newest first) or below (ascending)', async () => {
      const [a, b, c] = made as [(typeof made)[0], (typeof made)[0], (typeof made)[0]];
      expect(ids(await api.call('GET', '/silo/v1/entries', { key: own.key }))).toEqual([
        c.id,
        b.id,
        a.id,
      ]);
      const firstPage = await api.call('GET', '/silo/v1/entries?ascending=true&limit=2', {
        key: own.key,
      });
      expect(ids(firstPage)).toEqual([a.id, b.id]);
      const nextPage = await api.call(
        'GET',
        `/silo/v1/entries?ascending=true&limit=2&cursor=${firstPage.body.next_cursor}`,
        { key: own.key },
      );
      expect(ids(nextPage)).toEqual([c.id]);
      expect(nextPage.body.next_cursor).toBeUndefined();
      const mixed = await api.call(
        'GET',
        `/silo/v1/entries?limit=2&cursor=${firstPage.body.next_cursor}`,
        { key: own.key },
      );
      expect(mixed.status).toBe(422);
      expect(mixed.body.fields).toEqual({ cursor: expect.stringMatching(/other order/) });

      const upTo = await api.call('GET', `/silo/v1/entries?created_at=${b.created_at}`, {
        key: own.key,
      });
      expect(ids(upTo)).toEqual([b.id, a.id]);
      expect(upTo.body.created_at).toBe(b.created_at);
      expect(
        ids(
          await api.call('GET', `/silo/v1/entries?created_at=${b.created_at}&ascending=true`, {
            key: own.key,
          }),
        ),
      ).toEqual([b.id, c.id]);
      expect(
        ids(
          await api.call('GET', `/silo/v1/envelopes?created_at=${b.created_at}`, { key: own.key }),
        ),
      ).toEqual([]);
      expect(
        (await api.call('GET', '/silo/v1/entries?ascending=yes', { key: own.key })).status,
      ).toBe(422);
    });

    it('jobs: created_at keeps the jobs created at or before it', async () => {
      const first = await api.call('POST', '/transform/v1/jobs', {
        key: own.key,
        json: { workflow_id: own.workflowId, silo_entry_id: made[0]!.id },
      });
      await pause(15);
      const second = await api.call('POST', '/transform/v1/jobs', {
        key: own.key,
        json: { workflow_id: own.workflowId, silo_entry_id: made[1]!.id },
      });
      expect(ids(await api.call('GET', '/transform/v1/jobs', { key: own.key }))).toEqual([
        second.body.id,
        first.body.id,
      ]);
      const upTo = await api.call('GET', `/transform/v1/jobs?created_at=${first.body.created_at}`, {
        key: own.key,
      });
      expect(ids(upTo)).toEqual([first.body.id]);
      expect(upTo.body.created_at).toBe(first.body.created_at);
    });

    it('workflows: schema keeps the workflows that process that short schema name', async () => {
      const party = await api.call('GET', '/transform/v1/workflows?schema=org/party', {
        key: own.key,
      });
      expect(party.body).toMatchObject({
        schema: 'org/party',
        list: [{ id: own.workflowId, schema: 'org/party' }],
      });
      const invoices = await api.call('GET', '/transform/v1/workflows?schema=bill/invoice', {
        key: own.key,
      });
      expect(invoices.body).toMatchObject({ schema: 'bill/invoice', list: [] });
    });

    it('documents those filters in the OpenAPI document', async () => {
      const doc = (await api.call('GET', '/openapi.json')).body as {
        paths: Record<string, { get: { parameters: { name: string }[] } }>;
      };
      const names = (path: string) => doc.paths[path]!.get.parameters.map((p) => p.name).sort();
      expect(names('/silo/v1/entries')).toEqual([
        'ascending',
        'created_at',
        'cursor',
        'folder',
        'limit',
      ]);
      expect(names('/transform/v1/jobs')).toEqual([
        'created_at',
        'cursor',
        'limit',
        'silo_entry_id',
      ]);
      expect(names('/transform/v1/workflows')).toEqual(['created_at', 'limit', 'schema']);
    });

    it('refuses a parameter a list does not have with a 422 naming it, instead of ignoring it', async () => {
      for (const [path, name] of [
        ['/silo/v1/entries?fodler=suppliers', 'fodler'],
        ['/silo/v1/envelopes?order=asc', 'order'],
        ['/transform/v1/jobs?entry_id=x', 'entry_id'],
        ['/transform/v1/workflows?cursor=x', 'cursor'],
      ]) {
        const res = await api.call('GET', path!, { key: own.key });
        expect(res.status, path).toBe(422);
        expect(res.body.fields).toEqual({ [name!]: 'is not a parameter of this endpoint' });
      }
    });
  });

  describe('with a runner', () => {
    let runner: Runner;
    beforeAll(() => {
      runner = testRunner(database().db);
    });
    afterAll(async () => {
      await runner.stop();
    });

    it("fills an entry's faults from the job that set it to error, and clears them when a later job moves it on", async () => {
      const bare = await api.workspace({ connect: false });
      const entry = await newEntry(api.call, bare);
      const failed = await api.call('POST', '/transform/v1/jobs?wait=20', {
        key: bare.key,
        json: { workflow_id: bare.workflowId, silo_entry_id: entry.id },
      });
      expect(failed.body.status).toBe('KO');
      const errored = await api.call('GET', `/silo/v1/entries/${entry.id}`, { key: bare.key });
      expect(errored.body.state).toBe('error');
      expect(errored.body.faults).toEqual([
        {
          provider: 'gov-ar',
          code: 'app_not_connected',
          message: expect.stringMatching(/not connected/),
        },
      ]);
      expect(errored.body.faults).toEqual(failed.body.faults);

      await connectApp(database().db, bare.id, 'gov-ar');
      const parked = await api.call('POST', '/transform/v1/jobs?wait=1', {
        key: bare.key,
        json: { workflow_id: bare.workflowId, silo_entry_id: entry.id },
      });
      expect(parked.body.status).toBe('QUEUED');
      const moved = await api.call('GET', `/silo/v1/entries/${entry.id}`, { key: bare.key });
      expect(moved.body).toMatchObject({ state: 'processing', faults: [] });
    });

    it('a second registration job on an entry whose registration is pending joins it: one link, no repeated states, both jobs end OK', async () => {
      const entry = await newEntry(api.call, ws);
      const body = { workflow_id: ws.workflowId, silo_entry_id: entry.id };
      const first = await api.call('POST', '/transform/v1/jobs?wait=1', {
        key: ws.key,
        json: { ...body, key: `register-${entry.id}` },
      });
      const second = await api.call('PUT', `/transform/v1/jobs/${uuidv7()}?wait=1`, {
        key: ws.key,
        json: body,
      });
      expect([first.body.status, second.body.status]).toEqual(['QUEUED', 'QUEUED']);
      const links = (await api.call('GET', `/silo/v1/entries/${entry.id}`, { key: ws.key })).body
        .meta;
      expect(links).toHaveLength(1);

      await storeValidatedCredentials(database().db, ws.id, entry.id);
      await completeRegistration(database().db, entry.id);
      const [a, b] = await Promise.all(
        [first, second].map((job) =>
          api.call('GET', `/transform/v1/jobs/${job.body.id}?wait=20`, { key: ws.key }),
        ),
      );
      expect([a!.body.status, b!.body.status]).toEqual(['OK', 'OK']);
      const states = await api.call('GET', `/silo/v1/entries/${entry.id}/states`, { key: ws.key });
      expect(states.body.list.map((s: { key: string }) => s.key)).toEqual([
        'empty',
        'processing',
        'registered',
      ]);
      const entryNow = await api.call('GET', `/silo/v1/entries/${entry.id}`, { key: ws.key });
      expect(entryNow.body).toMatchObject({ state: 'registered', faults: [] });
    });
  });

  it('answers every request as its OpenAPI document says', async () => {
    expect(await conformanceErrors(api.app(), api.records)).toEqual([]);
  });
});
