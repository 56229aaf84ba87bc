import 'server-only';
import { eq } from 'drizzle-orm';
import { getMasterKeyring, sealSecret } from '@/lib/crypto';
import { schema, type Db } from '@/lib/db';
import { newSigningKey } from './new-signing-key';
import { signingKeyAssociatedData } from './seal';

export type KeyRow = typeof schema.signingKeys.$inferSelect;

const readKey = async (db: Db, ownerId: string): Promise<KeyRow | undefined> =>
  (await db.select().from(schema.signingKeys).where(eq(schema.signingKeys.ownerId, ownerId)))[0];

/**
 * The workspace's signing key, made on first use. Two first uses at once both insert; the second
 * insert does nothing and both read the one key that won.
 */
export async function workspaceKey(db: Db, ownerId: string): Promise<KeyRow> {
  const found = await readKey(db, ownerId);
  if (found) return found;
  const made = newSigningKey();
  await db
    .insert(schema.signingKeys)
    .values({
      ownerId,
      kid: made.kid,
      publicJwk: made.publicJwk,
      privateKeySealed: sealSecret(
        made.privatePkcs8,
        getMasterKeyring(),
        signingKeyAssociatedData(ownerId, made.kid),
      ),
    })
    .onConflictDoNothing({ target: schema.signingKeys.ownerId });
  return (await readKey(db, ownerId))!;
}
