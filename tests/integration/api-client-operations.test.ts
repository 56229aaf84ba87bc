import { count, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@/lib/db';
import { setEntryState } from '@/lib/silo';
import { createWorkflow } from '@/lib/transform';
import { apiHarness, party, type Call } from './support/api-harness';
import { describeEachDatabase } from './support/databases';
import { conformanceErrors } from './support/openapi-check';
import { invopopConformanceErrors, missingInvopopOpenApi } from './support/invopop-openapi';

type Workspace = Awaited<ReturnType<ReturnType<typeof apiHarness>['workspace']>>;
const newParty = async (call: Call, ws: Workspace) =>
  (await call('POST', '/silo/v1/entries', { key: ws.key, json: { data: party() } })).body as {
    id: string;
  };

/** The API nests `fields` by dotted path: the paths back, to name what was refused. */
const fieldPaths = (fields: unknown, at = ''): string[] =>
  fields && typeof fields === 'object'
    ? Object.entries(fields).flatMap(([k, v]) => fieldPaths(v, at ? `${at}.${k}` : k))
    : [at];

describeEachDatabase('API: the rest of an invoicing client’s operations', (database) => {
  const api = apiHarness(database);
  let ws: Workspace;
  let invoiceWorkflowId: string;
  const entryCount = async (ownerId: string) =>
    (
      await database()
        .db.select({ n: count() })
        .from(schema.entries)
        .where(eq(schema.entries.ownerId, ownerId))
    )[0]!.n;
  beforeAll(async () => {
    ws = await api.workspace();
    invoiceWorkflowId = (await createWorkflow(database().db, ws.id, { template: 'ar-invoice' }))
      .workflow.id;
  });

  describe('GET /utils/v1/uuid', () => {
    it('makes a time-based v7 by default, and the version asked for; v3/v5 need base and key', async () => {
      const plain = await api.call('GET', '/utils/v1/uuid', { key: ws.key });
      expect(plain.status).toBe(200);
      expect(plain.body).toEqual({ uuid: expect.any(String), version: '7' });
      expect(plain.body.uuid[14]).toBe('7');
      const v4 = await api.call('GET', '/utils/v1/uuid?v=4', { key: ws.key });
      expect([v4.body.version, v4.body.uuid[14]]).toEqual(['4', '4']);
      const base = '6ba7b810-9dad-11d1-80b4-00c04fd430c8';
      const v5 = await api.call('GET', `/utils/v1/uuid?v=5&base=${base}&key=1001`, { key: ws.key });
      const again = await api.call('GET', `/utils/v1/uuid?v=5&base=${base}&key=1001`, {
        key: ws.key,
      });
      expect(v5.body.uuid).toBe(again.body.uuid);
      const missing = await api.call('GET', '/utils/v1/uuid?v=3', { key: ws.key });
      expect(missing.status).toBe(422);
      expect(Object.keys(missing.body.fields).sort()).toEqual(['base', 'key']);
      expect((await api.call('GET', '/utils/v1/uuid?v=6', { key: ws.key })).status).toBe(422);
      expect((await api.call('GET', '/utils/v1/uuid')).status).toBe(401);
    });
  });

  describe('entry states', () => {
    it("adds a client's key with notes and meta to the history, by this API key, leaving the entry's state", async () => {
      const entry = await newParty(api.call, ws);
      const added = await api.call('POST', `/silo/v1/entries/${entry.id}/states`, {
        key: ws.key,
        json: { key: 'paid', notes: 'Transferencia recibida', meta: { bank: 'Nación' } },
      });
      expect(added.status).toBe(200);
      expect(added.body).toEqual({
        id: expect.any(String),
        key: 'paid',
        src: 'api-key',
        src_id: ws.keyId,
        notes: 'Transferencia recibida',
        meta: { bank: 'Nación' },
        created_at: expect.any(String),
      });
      const list = await api.call('GET', `/silo/v1/entries/${entry.id}/states`, { key: ws.key });
      expect(list.body.list.map((s: { key: string }) => s.key)).toEqual(['empty', 'paid']);
      expect(list.body.list[0]).not.toHaveProperty('notes');
      const after = await api.call('GET', `/silo/v1/entries/${entry.id}`, { key: ws.key });
      expect(after.body.state).toBe('empty');
    });

    it('PUT …/states/{at} records it at that time, in its place in time; the same again answers the same state', async () => {
      const entry = await newParty(api.call, ws);
      const at = '2020-01-02T03:04:05.678Z';
      const first = await api.call('PUT', `/silo/v1/entries/${entry.id}/states/${at}`, {
        key: ws.key,
        json: { key: 'delivered' },
      });
      const again = await api.call('PUT', `/silo/v1/entries/${entry.id}/states/${at}`, {
        key: ws.key,
        json: { key: 'delivered' },
      });
      expect([first.status, again.status]).toEqual([200, 200]);
      expect(first.body).toMatchObject({ key: 'delivered', created_at: at });
      expect(again.body.id).toBe(first.body.id);
      const list = await api.call('GET', `/silo/v1/entries/${entry.id}/states`, { key: ws.key });
      expect(list.body.list.map((s: { key: string }) => s.key)).toEqual(['delivered', 'empty']);
      const bad = await api.call('PUT', `/silo/v1/entries/${entry.id}/states/yesterday`, {
        key: ws.key,
        json: { key: 'delivered' },
      });
      expect(bad.status).toBe(422);
    });

    it('refuses the lifecycle states (set by workflows only): a sent invoice cannot be moved out of sent', async () => {
      const entry = await newParty(api.call, ws);
      await setEntryState(database().db, ws.id, entry.id, 'sent');
      for (const key of ['processing', 'error', 'empty', 'sent', 'registered', 'Not A Key', '']) {
        const res = await api.call('POST', `/silo/v1/entries/${entry.id}/states`, {
          key: ws.key,
          json: { key },
        });
        expect(res.status, key).toBe(422);
        expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
        expect(res.body.fields).toHaveProperty('key');
      }
      const unknownField = await api.call('POST', `/silo/v1/entries/${entry.id}/states`, {
        key: ws.key,
        json: { key: 'paid', state: 'processing' },
      });
      expect(unknownField.status).toBe(422);
      const after = await api.call('GET', `/silo/v1/entries/${entry.id}`, { key: ws.key });
      expect(after.body.state).toBe('sent');
    });

    it("answers 404 for another workspace's entry and stores nothing there", async () => {
      const other = await api.workspace();
      const theirs = await newParty(api.call, other);
      const res = await api.call('POST', `/silo/v1/entries/${theirs.id}/states`, {
        key: ws.key,
        json: { key: 'paid' },
      });
      expect(res.status).toBe(404);
      const list = await api.call('GET', `/silo/v1/entries/${theirs.id}/states`, {
        key: other.key,
      });
      expect(list.body.list.map((s: { key: string }) => s.key)).toEqual(['empty']);
    });
  });

  describe('jobs', () => {
    it('refuses a workflow on an entry of another schema with a 422 naming both, and stores no job', async () => {
      const entry = await newParty(api.call, ws);
      const res = await api.call('PUT', `/transform/v1/jobs/${uuidv7()}`, {
        key: ws.key,
        json: { workflow_id: invoiceWorkflowId, silo_entry_id: entry.id },
      });
      expect(res.status).toBe(422);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(res.body).toMatchObject({
        status: 422,
        detail: 'The workflow processes bill/invoice documents; the entry holds org/party.',
        fields: { workflow_id: expect.any(String), silo_entry_id: expect.any(String) },
      });
      const jobs = await api.call('GET', `/transform/v1/jobs?silo_entry_id=${entry.id}`, {
        key: ws.key,
      });
      expect(jobs.body.list).toEqual([]);
    });

    it('with data: stores the entry as POST /silo/v1/entries would, then the job on it; a repeat answers both originals', async () => {
      const before = await entryCount(ws.id);
      const key = `data-${uuidv7()}`;
      const body = { workflow_id: ws.workflowId, key, data: party('Almacén Don Pepe SA') };
      const first = await api.call('POST', '/transform/v1/jobs', { key: ws.key, json: body });
      expect(first.status).toBe(202);
      expect(first.body).toMatchObject({ key, workflow_id: ws.workflowId });
      const entry = await api.call('GET', `/silo/v1/entries/${first.body.silo_entry_id}`, {
        key: ws.key,
      });
      expect(entry.body).toMatchObject({
        doc_schema: 'https://gobl.org/draft-0/org/party',
        data: { name: 'Almacén Don Pepe SA' },
      });
      const again = await api.call('POST', '/transform/v1/jobs', { key: ws.key, json: body });
      expect(again.status).toBe(202);
      expect(again.body).toMatchObject({
        id: first.body.id,
        silo_entry_id: first.body.silo_entry_id,
      });
      const id = uuidv7();
      const putBody = { workflow_id: ws.workflowId, data: party() };
      const put = await api.call('PUT', `/transform/v1/jobs/${id}`, { key: ws.key, json: putBody });
      const putAgain = await api.call('PUT', `/transform/v1/jobs/${id}`, {
        key: ws.key,
        json: putBody,
      });
      expect([put.status, putAgain.status]).toEqual([202, 202]);
      expect(putAgain.body).toMatchObject({ id, silo_entry_id: put.body.silo_entry_id });
      expect(await entryCount(ws.id)).toBe(before + 2);
    });

    it('with data for the wrong workflow, or both data and silo_entry_id, or neither: 422 and no entry stored', async () => {
      const before = await entryCount(ws.id);
      const entry = await newParty(api.call, ws);
      const cases = [
        { workflow_id: invoiceWorkflowId, data: party() },
        { workflow_id: ws.workflowId, data: party(), silo_entry_id: entry.id },
        { workflow_id: ws.workflowId },
        { workflow_id: ws.workflowId, data: { name: 'no schema, no tax id' } },
      ];
      for (const json of cases) {
        const res = await api.call('POST', '/transform/v1/jobs', { key: ws.key, json });
        expect(res.status, JSON.stringify(json)).toBe(422);
      }
      expect(await entryCount(ws.id)).toBe(before + 1);
    });

    it('omits an absent key and folder instead of answering null', async () => {
      const entry = await api.call('POST', '/silo/v1/entries', { key: ws.key, json: party() });
      expect(entry.body).not.toHaveProperty('key');
      const job = await api.call('POST', '/transform/v1/jobs', {
        key: ws.key,
        json: { workflow_id: ws.workflowId, silo_entry_id: entry.body.id },
      });
      expect(job.body).not.toHaveProperty('key');
      const list = await api.call('GET', '/silo/v1/entries?limit=1', { key: ws.key });
      expect(list.body).not.toHaveProperty('folder');
    });
  });

  describe('PATCH and PUT /transform/v1/workflows/{id}', () => {
    it('changes the name, description and steps; a masked webhook token sent back keeps the stored one', async () => {
      const { workflow } = await createWorkflow(database().db, ws.id, {
        template: 'ar-supplier-registration',
        webhook: { url: 'https://hooks.example.com/arca', token: 'secret-token' },
      });
      const read = await api.call('GET', `/transform/v1/workflows/${workflow.id}`, { key: ws.key });
      const steps = read.body.steps as { provider: string; config?: { token?: string } }[];
      expect(steps.find((s) => s.provider === 'webhook')!.config!.token).toBe('********');
      const res = await api.call('PATCH', `/transform/v1/workflows/${workflow.id}`, {
        key: ws.key,
        json: { name: 'Alta de proveedores', description: 'Con aviso', steps, draft: false },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: workflow.id,
        name: 'Alta de proveedores',
        description: 'Con aviso',
        schema: 'org/party',
      });
      expect(res.body.steps).toEqual(read.body.steps);
      const [row] = await database()
        .db.select({ steps: schema.workflows.steps })
        .from(schema.workflows)
        .where(eq(schema.workflows.id, workflow.id));
      const stored = (row!.steps as { provider: string; config?: { token?: string } }[]).find(
        (s) => s.provider === 'webhook',
      );
      expect(stored!.config!.token).toBe('secret-token');
    });

    it('refuses steps for another schema, unknown providers and states, drafts and a schema change, naming each', async () => {
      const id = ws.workflowId;
      const patch = (json: unknown) =>
        api.call('PATCH', `/transform/v1/workflows/${id}`, { key: ws.key, json });
      const cases: [unknown, string][] = [
        [{ steps: [{ name: 'Send', provider: 'gov-ar.invoice' }] }, 'steps.0.provider'],
        [
          { rescue: [{ name: 'Sent', provider: 'silo.state', config: { state: 'sent' } }] },
          'rescue.0.config.state',
        ],
        [{ steps: [{ name: 'X', provider: 'nope' }] }, 'steps.0.provider'],
        [
          { steps: [{ name: 'S', provider: 'silo.state', config: { state: 'paid' } }] },
          'steps.0.config.state',
        ],
        [
          { steps: [{ name: 'W', provider: 'webhook', config: { url: 'ftp://x' } }] },
          'steps.0.config.url',
        ],
        [{ steps: [] }, 'steps'],
        [{ draft: true }, 'draft'],
        [{ schema: 'bill/invoice' }, 'schema'],
      ];
      for (const [json, field] of cases) {
        const res = await patch(json);
        expect(res.status, JSON.stringify(json)).toBe(422);
        expect(fieldPaths(res.body.fields), JSON.stringify(json)).toContain(field);
      }
      const after = await api.call('GET', `/transform/v1/workflows/${id}`, { key: ws.key });
      expect(after.body.steps.map((s: { provider: string }) => s.provider)).toEqual([
        'silo.state',
        'gov-ar.register',
        'gov-ar.wait.authorization',
        'silo.state',
      ]);
      const missing = await api.call('PATCH', `/transform/v1/workflows/${uuidv7()}`, {
        key: ws.key,
        json: { name: 'x' },
      });
      expect(missing.status).toBe(404);
    });

    it('PUT creates a workflow with the given id for its schema, then replaces its fields; its schema never changes', async () => {
      const id = uuidv7();
      const body = {
        name: 'Facturas sin webhook',
        schema: 'bill/invoice',
        country: 'AR',
        steps: [
          { name: 'Processing', provider: 'silo.state', config: { state: 'processing' } },
          { name: 'Send', provider: 'gov-ar.invoice' },
          { name: 'Sent', provider: 'silo.state', config: { state: 'sent' } },
        ],
        rescue: [{ name: 'Error', provider: 'silo.state', config: { state: 'error' } }],
      };
      const created = await api.call('PUT', `/transform/v1/workflows/${id}`, {
        key: ws.key,
        json: body,
      });
      expect(created.status).toBe(200);
      expect(created.body).toMatchObject({ id, name: body.name, schema: 'bill/invoice' });
      expect(created.body.steps.every((s: { id?: string }) => typeof s.id === 'string')).toBe(true);
      const renamed = await api.call('PUT', `/transform/v1/workflows/${id}`, {
        key: ws.key,
        json: { ...body, name: 'Facturas' },
      });
      expect([renamed.status, renamed.body.name]).toEqual([200, 'Facturas']);
      const wrong = await api.call('PUT', `/transform/v1/workflows/${id}`, {
        key: ws.key,
        json: { ...body, schema: 'org/party' },
      });
      expect(wrong.status).toBe(422);
      const registerOnInvoice = await api.call('PUT', `/transform/v1/workflows/${uuidv7()}`, {
        key: ws.key,
        json: { ...body, steps: [{ name: 'Register', provider: 'gov-ar.register' }] },
      });
      expect(registerOnInvoice.status).toBe(422);
      const party = await newParty(api.call, ws);
      const job = await api.call('POST', '/transform/v1/jobs', {
        key: ws.key,
        json: { workflow_id: id, silo_entry_id: party.id },
      });
      expect(job.status).toBe(422);
    });
  });

  it('lists ascending with true/false/1/0, and refuses anything else', async () => {
    const ids = [(await newParty(api.call, ws)).id, (await newParty(api.call, ws)).id];
    const first = async (q: string) =>
      (await api.call('GET', `/silo/v1/entries?limit=100${q}`, { key: ws.key })).body.list as {
        id: string;
      }[];
    const oldest = (await first('&ascending=1')).map((e) => e.id);
    expect(oldest.indexOf(ids[0]!)).toBeLessThan(oldest.indexOf(ids[1]!));
    expect((await first('&ascending=true')).map((e) => e.id)).toEqual(oldest);
    const newest = (await first('&ascending=0')).map((e) => e.id);
    expect(newest.indexOf(ids[1]!)).toBeLessThan(newest.indexOf(ids[0]!));
    expect((await first('&ascending=false')).map((e) => e.id)).toEqual(newest);
    expect((await api.call('GET', '/silo/v1/entries?ascending=yes', { key: ws.key })).status).toBe(
      422,
    );
  });

  it('answers every request as its OpenAPI document says', async () => {
    expect(await conformanceErrors(api.app(), api.records)).toEqual([]);
  });

  it.skipIf(missingInvopopOpenApi())(
    "answers the new operations as Invopop's published schemas say",
    () => {
      const fresh = api.records.filter((r) => /\/states|\/utils\/v1\/uuid/.test(r.path));
      expect(fresh.length).toBeGreaterThan(5);
      expect(invopopConformanceErrors(fresh)).toEqual([]);
    },
  );
});
