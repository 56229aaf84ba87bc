import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { startRsaKeyPool } from '@/lib/arca';
import { x509 } from '@/lib/arca/x509';
import { getMasterKeyring, openSecret } from '@/lib/crypto';
import { queryRows, schema, type Db } from '@/lib/db';
import {
  createRegistrationLink,
  getRegistrationByRef,
  prepareCsr,
  type RegistrationView,
} from '@/lib/registration';
import { createEntry } from '@/lib/silo';
import { createWorkspace } from '@/lib/workspaces';
import { describeEachDatabase } from './support/databases';
import { newCuit } from '../support/new-cuit';

async function newRegistration(db: Db): Promise<RegistrationView> {
  const workspace = await createWorkspace(db, { name: 'key pool test', environment: 'sandbox' });
  const { entry } = await createEntry(db, workspace.id, {
    body: {
      folder: 'suppliers',
      data: { name: 'Imprenta Pool SRL', tax_id: { country: 'AR', code: newCuit() } },
    },
  });
  const meta = await createRegistrationLink(db, workspace.id, entry.id);
  return (await getRegistrationByRef(db, meta.ref!))!;
}

async function sealedKeyOf(db: Db, entryId: string): Promise<string> {
  const [row] = await db
    .select({ keySealed: schema.registrationPendingCredentials.keySealed })
    .from(schema.registrationPendingCredentials)
    .where(eq(schema.registrationPendingCredentials.entryId, entryId));
  return openSecret(row!.keySealed, getMasterKeyring(), entryId).toString('utf8');
}

/** Tables with a row whose text holds `needle` (every table of the app, every column). */
async function tablesHolding(db: Db, needle: string): Promise<string[]> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const holding: string[] = [];
  for (const { name } of tables) {
    const [found] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(name)} t where t::text like ${`%${needle}%`}`,
    );
    if (found!.n > 0) holding.push(name);
  }
  return holding;
}

const pemOf = (key: KeyObject) => key.export({ type: 'pkcs8', format: 'pem' }) as string;
const spkiOf = (key: KeyObject) =>
  createPublicKey(key).export({ type: 'spki', format: 'der' }).toString('base64');

const pools: { stop(): void }[] = [];
afterEach(() => {
  for (const pool of pools.splice(0)) pool.stop();
});

describeEachDatabase('registration with keys made ahead', (get) => {
  it('seals the pool key for one registration only, writes it nowhere unsealed, and falls back when empty', async () => {
    const db = get().db;
    const ahead = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    let made = 0;
    const pool = startRsaKeyPool({
      size: 1,
      isBusy: () => false,
      // One key, then none: the second registration must make its own.
      makeKey: () =>
        made++ === 0 ? Promise.resolve(ahead) : new Promise<KeyObject>(() => undefined),
    })!;
    pools.push(pool);
    await new Promise((resolve) => setImmediate(resolve));
    expect(pool.ready).toBe(1);

    const first = await newRegistration(db);
    const { csrPem } = await prepareCsr(db, first, 'pool1');
    expect(pool.ready).toBe(0);
    expect(await sealedKeyOf(db, first.entryId)).toBe(pemOf(ahead));
    const csrKey = new x509.Pkcs10CertificateRequest(csrPem).publicKey.rawData;
    expect(Buffer.from(csrKey).toString('base64')).toBe(spkiOf(ahead));

    const second = await newRegistration(db);
    await prepareCsr(db, second, 'pool2');
    const secondKey = await sealedKeyOf(db, second.entryId);
    expect(secondKey).not.toBe(pemOf(ahead));
    expect(createPrivateKey(secondKey).asymmetricKeyDetails?.modulusLength).toBe(2048);

    // The key's bytes, in PEM's base64, are in no table: only its sealed form was stored.
    const body = pemOf(ahead).split('\n')[5]!;
    expect(body).toMatch(/^[A-Za-z0-9+/]{64}$/);
    expect(await tablesHolding(db, body)).toEqual([]);
  });
});
