import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SealError } from '@/lib/crypto';
import { schema } from '@/lib/db';
import { signEnvelope, workspaceJwks, workspaceSigner } from '@/lib/signing';
import { getEntry } from '@/lib/silo';
import { getWorkflow, type Job, type Runner } from '@/lib/transform';
import { createApiKey, createWorkspace } from '@/lib/workspaces';
import { jwsHeader, verifyCompactJws } from '../support/verify-jws';
import { apiHarness } from './support/api-harness';
import { describeEachDatabase } from './support/databases';
import {
  facturaB,
  invoiceEntry,
  invoiceRunner,
  registeredSupplier,
  sendJob,
} from './support/invoice-fixtures';
import { conformanceErrors } from './support/openapi-check';
import { retireJobs, waitForJobState } from './support/runner-fixtures';
import { startSimulator, type RunningSimulator } from '../fixtures/arca/simulator-server';

const isDone = (job: Job) => !!job.completedAt;
type Envelope = { head: Record<string, unknown>; doc: Record<string, unknown>; sigs?: string[] };

/** The signature with one byte of its payload changed: what a tampered envelope would carry. */
const tampered = (jws: string, head: Record<string, unknown>) => {
  const [header, , signature] = jws.split('.');
  const forged = Buffer.from(
    JSON.stringify({ ...head, dig: { alg: 'sha256', val: '0'.repeat(64) } }),
  );
  return `${header}.${forged.toString('base64url')}.${signature}`;
};

describeEachDatabase('signed envelopes: gov-ar.send signs, GET /silo/v1/keys publishes', (get) => {
  const api = apiHarness(get);
  let sim: RunningSimulator;
  let runner: Runner;
  const owners: string[] = [];
  beforeAll(async () => {
    sim = await startSimulator(get().db);
    runner = invoiceRunner(get().db, sim, { step: { timeoutMs: 5_000 } });
  });
  afterAll(async () => {
    await runner?.stop();
    await retireJobs(get().db, owners);
    await sim?.close();
  });
  const supplier = async () => {
    const made = await registeredSupplier(get().db, sim, 'sandbox');
    owners.push(made.ownerId);
    return { ...made, apiKey: (await createApiKey(get().db, made.ownerId)).token };
  };
  const send = async (s: Awaited<ReturnType<typeof supplier>>) => {
    const db = get().db;
    const entryId = await invoiceEntry(db, s.ownerId, facturaB(s.cuit, 7));
    const job = await sendJob(db, s, entryId);
    return { entryId, job: await waitForJobState(db, s.ownerId, job.id, isDone, 30_000) };
  };

  it('an invoice sent by ar-invoice ends with a signature over its stored head that the published key verifies', async () => {
    const s = await supplier();
    const workflow = (await getWorkflow(get().db, s.ownerId, s.workflowId))!;
    expect(workflow.steps.map((step) => step.provider)).toEqual([
      'silo.state',
      'gov-ar.send',
      'pdf',
      'silo.state',
    ]);
    const { entryId, job } = await send(s);
    expect(job.status, JSON.stringify(job.faults)).toBe('OK');

    const read = await api.call('GET', `/silo/v1/entries/${entryId}`, { key: s.apiKey });
    expect(read.status).toBe(200);
    const envelope = read.body.data as Envelope;
    expect(envelope.sigs).toHaveLength(1);
    const jws = envelope.sigs![0]!;
    const keys = await api.call('GET', '/silo/v1/keys', { key: s.apiKey });
    expect(keys.status).toBe(200);
    expect(keys.body.keys).toHaveLength(1);
    const jwk = keys.body.keys[0];
    expect(jwk).toEqual({
      kty: 'EC',
      crv: 'P-256',
      x: expect.any(String),
      y: expect.any(String),
      kid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      alg: 'ES256',
      use: 'sig',
    });
    expect(jwsHeader(jws)).toEqual({ alg: 'ES256', kid: jwk.kid });
    // The payload is the head as stored: stamps, the digest of the stamped document, the uuid.
    const stored = (await getEntry(get().db, s.ownerId, entryId))!.data as Envelope;
    expect(verifyCompactJws(jws, jwk)).toEqual(stored.head);
    expect((stored.head.stamps as { prv: string }[]).map((x) => x.prv)).toEqual([
      'arca-cae',
      'arca-cae-expiry',
      'arca-qr',
    ]);

    // Tampered payload or signature: no longer verifies.
    expect(verifyCompactJws(tampered(jws, stored.head), jwk)).toBeNull();
    const flipped = jws.slice(0, -2) + (jws.at(-2) === 'A' ? 'B' : 'A') + jws.at(-1);
    expect(verifyCompactJws(flipped, jwk)).toBeNull();

    // Another workspace publishes its own key, which does not verify this signature; no key, 401.
    const other = await api.workspace();
    const otherKeys = await api.call('GET', '/silo/v1/keys', { key: other.key });
    expect(otherKeys.body.keys[0].kid).not.toBe(jwk.kid);
    expect(verifyCompactJws(jws, { ...otherKeys.body.keys[0], kid: jwk.kid })).toBeNull();
    expect((await api.call('GET', '/silo/v1/keys')).status).toBe(401);
    // Nothing private is published.
    expect(JSON.stringify([keys.body, otherKeys.body])).not.toMatch(/"d"|sealed|s1\./);
  });

  it('a workflow stored with the old step name gov-ar.invoice still sends and signs', async () => {
    const s = await supplier();
    const db = get().db;
    const workflow = (await getWorkflow(db, s.ownerId, s.workflowId))!;
    const renamed = workflow.steps.map((step) =>
      step.provider === 'gov-ar.send' ? { ...step, provider: 'gov-ar.invoice' } : step,
    );
    await db
      .update(schema.workflows)
      .set({ steps: renamed })
      .where(eq(schema.workflows.id, s.workflowId));
    const { entryId, job } = await send(s);
    expect(job.status, JSON.stringify(job.faults)).toBe('OK');
    expect(job.intents.map((i) => i.provider)).toContain('gov-ar.invoice');
    const stored = (await getEntry(db, s.ownerId, entryId))!;
    expect(stored.state).toBe('sent');
    const { keys } = await workspaceJwks(db, s.ownerId);
    const envelope = stored.data as Envelope;
    expect(verifyCompactJws(envelope.sigs![0]!, keys[0]!)).toEqual(envelope.head);
  });

  it('POST /silo/v1/gobl/sign builds as /gobl/build does and answers the envelope with its signature', async () => {
    const s = await supplier();
    const doc = facturaB(s.cuit, 3);
    const signed = await api.call('POST', '/silo/v1/gobl/sign', {
      key: s.apiKey,
      json: { data: doc },
    });
    expect(signed.status).toBe(200);
    const built = await api.call('POST', '/silo/v1/gobl/build', {
      key: s.apiKey,
      json: { data: doc, envelop: true },
    });
    const envelope = signed.body.data as Envelope & { $schema: string };
    expect(envelope.$schema).toBe('https://gobl.org/draft-0/envelope');
    expect(envelope.doc).toEqual(built.body.data.doc);
    expect(envelope.head.dig).toEqual(built.body.data.head.dig);
    const { keys } = (await api.call('GET', '/silo/v1/keys', { key: s.apiKey })).body;
    expect(verifyCompactJws(envelope.sigs![0]!, keys[0])).toEqual(envelope.head);
    // Its own envelope back, unsigned: the same head uuid, signed again; signed: refused as building refuses it.
    const { sigs: _sigs, ...unsigned } = envelope;
    const again = await api.call('POST', '/silo/v1/gobl/sign', {
      key: s.apiKey,
      json: { data: unsigned },
    });
    expect(again.status).toBe(200);
    expect(again.body.data.head.uuid).toBe(envelope.head.uuid);
    expect(verifyCompactJws(again.body.data.sigs[0], keys[0])).toEqual(again.body.data.head);
    const resigned = await api.call('POST', '/silo/v1/gobl/sign', {
      key: s.apiKey,
      json: { data: envelope },
    });
    expect(resigned.status).toBe(422);
    expect(resigned.body.fields.data.sigs).toMatch(/^signed_envelope: /);
    // Refused as building refuses; nothing stored.
    const refused = await api.call('POST', '/silo/v1/gobl/sign', {
      key: s.apiKey,
      json: { data: { $schema: 'https://gobl.org/draft-0/org/party', name: 'x' } },
    });
    expect(refused.status).toBe(422);
    const listed = await api.call('GET', '/silo/v1/entries?folder=invoices', { key: s.apiKey });
    expect(listed.body.list ?? []).toEqual([]);
    expect(await conformanceErrors(api.app(), api.records)).toEqual([]);
  });

  it('an invoice entry created with sign: true is stored signed, and signed again over its stamped head when sent', async () => {
    const s = await supplier();
    const db = get().db;
    const key = `signed-${s.cuit}`;
    const body = { key, sign: true, data: facturaB(s.cuit, 9) };
    const created = await api.call('POST', '/silo/v1/entries', { key: s.apiKey, json: body });
    expect(created.status).toBe(200);
    const { keys } = (await api.call('GET', '/silo/v1/keys', { key: s.apiKey })).body;
    const envelope = created.body.data as Envelope;
    expect(envelope.head.uuid).toBe(created.body.id);
    expect(verifyCompactJws(envelope.sigs![0]!, keys[0])).toEqual(envelope.head);
    // The same request again is the same entry; the same key unsigned is another request.
    const again = await api.call('POST', '/silo/v1/entries', { key: s.apiKey, json: body });
    expect([again.status, again.body.id]).toEqual([200, created.body.id]);
    const unsigned = await api.call('POST', '/silo/v1/entries', {
      key: s.apiKey,
      json: { ...body, sign: undefined },
    });
    expect(unsigned.status).toBe(409);
    const bad = await api.call('POST', '/silo/v1/entries', {
      key: s.apiKey,
      json: { ...body, key: `${key}-2`, sign: 'yes' },
    });
    expect([bad.status, bad.body.fields]).toEqual([422, { sign: expect.any(String) }]);

    const job = await sendJob(db, s, created.body.id);
    const done = await waitForJobState(db, s.ownerId, job.id, isDone, 30_000);
    expect(done.status, JSON.stringify(done.faults)).toBe('OK');
    const sent = (await getEntry(db, s.ownerId, created.body.id))!.data as Envelope;
    expect(sent.sigs).toHaveLength(1);
    expect(verifyCompactJws(sent.sigs![0]!, keys[0])).toEqual(sent.head);
    expect(sent.head.dig).not.toEqual(envelope.head.dig);
    expect(await conformanceErrors(api.app(), api.records)).toEqual([]);
  });

  it('one key per workspace, made once however many first uses race, sealed and bound to its workspace', async () => {
    const db = get().db;
    const [a, b] = await Promise.all([
      createWorkspace(db, { name: 'signing a' }),
      createWorkspace(db, { name: 'signing b' }),
    ]);
    const sets = await Promise.all(Array.from({ length: 6 }, () => workspaceJwks(db, a!.id)));
    expect(new Set(sets.map((set) => set.keys[0]!.kid)).size).toBe(1);
    const rows = await db
      .select()
      .from(schema.signingKeys)
      .where(eq(schema.signingKeys.ownerId, a!.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.privateKeySealed).toMatch(/^s1\.\d+\./);
    expect(JSON.stringify(rows[0]!.publicJwk)).not.toMatch(/"d"/);

    const signer = await workspaceSigner(db, a!.id);
    const envelope = signEnvelope(signer, { head: { uuid: 'x' }, doc: {} });
    expect(verifyCompactJws((envelope.sigs as string[])[0]!, sets[0]!.keys[0]!)).toEqual({
      uuid: 'x',
    });

    // Workspace b given a's sealed key (its own kid kept): it does not open there.
    await workspaceJwks(db, b!.id);
    await db
      .update(schema.signingKeys)
      .set({ privateKeySealed: rows[0]!.privateKeySealed })
      .where(eq(schema.signingKeys.ownerId, b!.id));
    await expect(workspaceSigner(db, b!.id)).rejects.toBeInstanceOf(SealError);
    await db.delete(schema.workspaces).where(eq(schema.workspaces.id, b!.id));
  });
});
