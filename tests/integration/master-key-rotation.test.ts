import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { ADMIN_COMMANDS, sendToControlSocket, startControlSocket } from '@/lib/admin';
import {
  accessTicketFor,
  resealRegistrationKeys,
  supplierForInvoicing,
  validateCertificate,
  getRegistrationByRef,
} from '@/lib/registration';
import { resealArcaTickets } from '@/lib/arca';
import { createKeyring, getMasterKeyring, sealSecret, sealedKeyVersion } from '@/lib/crypto';
import { schema, type Db } from '@/lib/db';
import { resealSigningKeys, workspaceJwks, workspaceSigner } from '@/lib/signing';
import { getWorkflow, resealWebhookSecrets, TRANSFORM_STEP_HANDLERS } from '@/lib/transform';
import { describeEachDatabase } from './support/databases';
import { registerSupplier } from './support/registered-supplier';
import { setupWorkspace } from './support/runner-fixtures';
import { startReceiver, type Receiver } from './support/webhook-receiver';
import { startSimulator, type RunningSimulator } from '../fixtures/arca/simulator-server';
import { verifyCompactJws } from '../support/verify-jws';

// The configuration this file runs with, switched mid-test as a deployment switches it.
const config = vi.hoisted(() => ({ vars: {} as Record<string, string> }));
vi.mock('@/lib/config', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/lib/config')>();
  let parsed: { vars: object; env: ReturnType<typeof original.getEnv> } | undefined;
  return {
    ...original,
    getEnv: () => {
      if (parsed?.vars !== config.vars)
        parsed = { vars: config.vars, env: original.parseEnv({ ...process.env, ...config.vars }) };
      return parsed.env;
    },
  };
});

// Never the development key the other test files share: their rows stay unreadable, never touched.
const v1 = randomBytes(32).toString('base64');
const v2 = randomBytes(32).toString('base64');
const dataDir = mkdtempSync(path.join(tmpdir(), 'arca-rotation-'));
const before = { DATA_DIR: dataDir, MASTER_KEY: v1 };
const rotated = {
  DATA_DIR: dataDir,
  MASTER_KEY: v2,
  MASTER_KEY_VERSION: '2',
  MASTER_KEY_PREVIOUS: `1:${v1}`,
};
const after = { DATA_DIR: dataDir, MASTER_KEY: v2, MASTER_KEY_VERSION: '2' };

describeEachDatabase('master key rotation', (get) => {
  let db: Db;
  let sim: RunningSimulator;
  let receiver: Receiver;
  beforeAll(async () => {
    db = get().db;
    sim = await startSimulator(db);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await sim?.close();
  });

  const keyVersions = async (entryIds: string[], workflowIds: string[]) => {
    const credentials = await db
      .select({ sealed: schema.registrationCredentials.keySealed })
      .from(schema.registrationCredentials)
      .where(inArray(schema.registrationCredentials.entryId, entryIds));
    const pending = await db
      .select({ sealed: schema.registrationPendingCredentials.keySealed })
      .from(schema.registrationPendingCredentials)
      .where(inArray(schema.registrationPendingCredentials.entryId, entryIds));
    const workflows = await db
      .select({ sealed: schema.workflows.webhookSecretSealed })
      .from(schema.workflows)
      .where(inArray(schema.workflows.id, workflowIds));
    return [...credentials, ...pending, ...workflows].map((r) => sealedKeyVersion(r.sealed!));
  };

  /** A fresh WSAA login signed with the supplier's key as the store opens it now. */
  const wsaaLogin = async (ownerId: string, cuit: string) => {
    // Both sides forget the ticket of the last login: ARCA refuses another while one is valid.
    await db.delete(schema.arcaTickets).where(eq(schema.arcaTickets.cuit, cuit));
    await db.delete(schema.arcaSimTickets).where(eq(schema.arcaSimTickets.cuit, cuit));
    const supplier = await supplierForInvoicing(db, ownerId, cuit);
    return accessTicketFor(db, supplier!, supplier!.credentials, sim.urls.sandbox);
  };

  /** The workflow's webhook step, run once: the receiver checks its signature with the secret shown at creation. */
  const signedWebhook = async (ownerId: string, workflowId: string, secret: string) => {
    const workflow = await getWorkflow(db, ownerId, workflowId);
    const step = workflow!.steps.find((s) => s.provider === 'webhook')!;
    const job = {
      id: randomUUID(),
      workflowId,
      ownerId,
      siloEntryId: randomUUID(),
      key: null,
      phase: 'run',
      args: {},
      faults: [],
    };
    const count = receiver.received.length;
    const outcome = await TRANSFORM_STEP_HANDLERS.webhook({
      db,
      job: job as never,
      step,
      previousEvents: [],
      now: new Date(),
      appConnected: async () => true,
    });
    expect(outcome.status).toBe('OK');
    const [delivery] = (await receiver.waitFor(count + 1)).slice(count);
    return new Webhook(secret).verify(delivery!.body, delivery!.headers as Record<string, string>);
  };

  it('seals under version 1, opens with 1 as previous, re-seals all to 2 once, and opens without 1', async () => {
    config.vars = before;
    const { ownerId, workflowId, webhookSecret } = await setupWorkspace(db, {
      webhook: { url: receiver.url, event: 'supplier.registration' },
    });
    const second = await setupWorkspace(db, { webhook: { url: receiver.url } });
    const registered = [
      await registerSupplier(db, sim, ownerId),
      await registerSupplier(db, sim, ownerId),
    ];
    // Waiting for its certificate: the pending key is re-sealed too, and validates afterwards.
    const waiting = await registerSupplier(db, sim, ownerId, { until: 'issued' });
    const entryIds = [...registered.map((s) => s.entryId), waiting.entryId];
    const workflowIds = [workflowId, second.workflowId];
    expect(await keyVersions(entryIds, workflowIds)).toEqual([1, 1, 1, 1, 1]);

    config.vars = rotated;
    expect(await wsaaLogin(ownerId, registered[0]!.cuit)).toMatchObject({ ok: true, from: 'wsaa' });
    const keyring = getMasterKeyring();
    // Batches of one: the pass goes on past each batch.
    const first = await resealRegistrationKeys(db, keyring, 1);
    expect(first.credentials.resealed).toBeGreaterThanOrEqual(2);
    expect(first.pendingCredentials.resealed).toBeGreaterThanOrEqual(1);
    expect((await resealWebhookSecrets(db, keyring, 1)).resealed).toBeGreaterThanOrEqual(2);
    expect(await keyVersions(entryIds, workflowIds)).toEqual([2, 2, 2, 2, 2]);
    // Nothing of this key is left under version 1 (other test files' rows, under other keys, stay unread).
    const again = await resealRegistrationKeys(db, keyring, 1);
    expect([again.credentials.resealed, again.pendingCredentials.resealed]).toEqual([0, 0]);
    expect((await resealWebhookSecrets(db, keyring, 1)).resealed).toBe(0);

    config.vars = after;
    for (const supplier of registered)
      expect(await wsaaLogin(ownerId, supplier.cuit)).toMatchObject({ ok: true, from: 'wsaa' });
    expect(await signedWebhook(ownerId, workflowId, webhookSecret!)).toMatchObject({
      event: 'supplier.registration',
    });
    // The pending key, re-sealed, is the one ARCA's certificate matches: it validates and is cleared.
    const validated = await validateCertificate(
      db,
      (await getRegistrationByRef(db, waiting.ref))!,
      waiting.certificatePem!,
      sim.urls.sandbox,
    );
    expect(validated.problems.filter((p) => !p.ok)).toEqual([]);
    expect(validated.ok).toBe(true);
    const [pending] = await db
      .select()
      .from(schema.registrationPendingCredentials)
      .where(eq(schema.registrationPendingCredentials.entryId, waiting.entryId));
    expect(pending).toBeUndefined();
    // Validation logged in to WSAA with it; it is the supplier's key now, under version 2.
    expect(await keyVersions([waiting.entryId], [])).toEqual([2]);
  });

  it('re-seals workspace signing keys: same key and kid, signs after the old master key is gone', async () => {
    config.vars = before;
    const { ownerId } = await setupWorkspace(db);
    const { keys } = await workspaceJwks(db, ownerId);
    const sealedVersion = async () => {
      const [row] = await db
        .select({ sealed: schema.signingKeys.privateKeySealed })
        .from(schema.signingKeys)
        .where(eq(schema.signingKeys.ownerId, ownerId));
      return sealedKeyVersion(row!.sealed);
    };
    expect(await sealedVersion()).toBe(1);
    config.vars = rotated;
    // Still opens under version 1 while it is listed as previous.
    const signedBefore = (await workspaceSigner(db, ownerId)).sign({ n: 1 });
    expect(verifyCompactJws(signedBefore, keys[0]!)).toEqual({ n: 1 });
    expect((await resealSigningKeys(db, getMasterKeyring(), 1)).resealed).toBeGreaterThanOrEqual(1);
    expect(await sealedVersion()).toBe(2);
    expect((await resealSigningKeys(db, getMasterKeyring(), 1)).resealed).toBe(0);
    config.vars = after;
    const signer = await workspaceSigner(db, ownerId);
    expect(signer.kid).toBe(keys[0]!.kid);
    expect(verifyCompactJws(signer.sign({ n: 2 }), keys[0]!)).toEqual({ n: 2 });
    expect((await workspaceJwks(db, ownerId)).keys).toEqual(keys);
  });

  it('credentials validated from a key read before the re-seal are saved under the current key', async () => {
    config.vars = before;
    const { ownerId } = await setupWorkspace(db);
    const waiting = await registerSupplier(db, sim, ownerId, { until: 'issued' });
    config.vars = rotated;
    const registration = (await getRegistrationByRef(db, waiting.ref))!;
    // The re-seal runs while the upload is being checked (the pending key was read before it).
    const checking = validateCertificate(
      db,
      registration,
      waiting.certificatePem!,
      sim.urls.sandbox,
    );
    await resealRegistrationKeys(db, getMasterKeyring(), 100);
    expect((await checking).ok).toBe(true);
    expect(await keyVersions([waiting.entryId], [])).toEqual([2]);
    const [pending] = await db
      .select()
      .from(schema.registrationPendingCredentials)
      .where(eq(schema.registrationPendingCredentials.entryId, waiting.entryId));
    expect(pending).toBeUndefined();
  });

  it('npm run master-key:reseal: counts per table, a second run re-seals nothing, an unreadable secret fails it', async ({
    skip,
  }) => {
    // Exact counts need a database of this file's own: PostgreSQL is shared with the other files.
    if (get().kind !== 'pglite') return skip();
    const reseal = () => ADMIN_COMMANDS['master-key:reseal'].run(db, { 'batch-size': '2' });
    config.vars = before;
    const { ownerId } = await setupWorkspace(db, { webhook: { url: receiver.url } });
    const supplier = await registerSupplier(db, sim, ownerId);
    await registerSupplier(db, sim, ownerId, { until: 'issued' });
    await workspaceJwks(db, ownerId);
    config.vars = rotated;
    // As the CLI sends it to the app that holds the embedded database.
    const socket = await startControlSocket(dataDir, async () => db);
    const sent = sendToControlSocket(dataDir, 'master-key:reseal', { 'batch-size': '2' });
    await expect(sent.finally(() => socket.close())).resolves.toEqual({
      key_version: 2,
      registration_credentials: 1,
      registration_pending_credentials: 1,
      transform_workflows: 1,
      arca_tickets: 1,
      signing_keys: 1,
      demo_credentials: 0,
    });
    expect(await reseal()).toMatchObject({
      registration_credentials: 0,
      registration_pending_credentials: 0,
      transform_workflows: 0,
      arca_tickets: 0,
      signing_keys: 0,
    });
    const foreign = createKeyring({ version: 1, key: randomBytes(32) });
    await db
      .update(schema.registrationCredentials)
      .set({ keySealed: sealSecret('not ours', foreign, supplier.entryId) })
      .where(eq(schema.registrationCredentials.entryId, supplier.entryId));
    await expect(reseal()).rejects.toMatchObject({
      code: 'sealed_secrets_unreadable',
      fields: { registration_credentials: '1 unreadable' },
    });
  });
  it('WSAA tickets are sealed at rest, re-sealed by a rotation, and a ticket stored in clear before is sealed by it', async () => {
    config.vars = before;
    const { ownerId } = await setupWorkspace(db);
    const supplier = await registerSupplier(db, sim, ownerId);
    const login = await wsaaLogin(ownerId, supplier.cuit);
    expect(login.ok).toBe(true);
    const stored = async () =>
      (
        await db.select().from(schema.arcaTickets).where(eq(schema.arcaTickets.cuit, supplier.cuit))
      )[0]!;
    const sealed = await stored();
    expect(sealedKeyVersion(sealed.token)).toBe(1);
    expect(sealedKeyVersion(sealed.sign)).toBe(1);
    const ticket = login.ok ? login.ticket : undefined;
    expect(JSON.stringify(sealed)).not.toContain(ticket!.token);
    expect(JSON.stringify(sealed)).not.toContain(ticket!.sign);

    config.vars = rotated;
    const keyring = getMasterKeyring();
    // Other files' tickets on a shared PostgreSQL are sealed with the key they share: counted unreadable.
    await resealArcaTickets(db, keyring);
    expect(sealedKeyVersion((await stored()).token)).toBe(2);
    // A row written in clear by an earlier version is read as it is, then sealed by the rotation.
    await db
      .update(schema.arcaTickets)
      .set({ token: ticket!.token, sign: ticket!.sign })
      .where(eq(schema.arcaTickets.cuit, supplier.cuit));
    expect((await resealArcaTickets(db, keyring)).resealed).toBeGreaterThanOrEqual(1);
    expect(sealedKeyVersion((await stored()).sign)).toBe(2);
    const cached = await accessTicketFor(
      db,
      (await supplierForInvoicing(db, ownerId, supplier.cuit))!,
      (await supplierForInvoicing(db, ownerId, supplier.cuit))!.credentials,
      sim.urls.sandbox,
    );
    expect(cached).toMatchObject({
      ok: true,
      ticket: { token: ticket!.token, sign: ticket!.sign },
    });
  });
});
