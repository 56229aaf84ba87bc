import 'server-only';
import { and, asc, eq, gt, notLike } from 'drizzle-orm';
import { currentSealPattern, resealRows, type Keyring, type ResealCount } from '@/lib/crypto';
import { schema, type Db } from '@/lib/db';
import { signingKeyAssociatedData } from './seal';

/**
 * Master key rotation: re-seals under the current key every workspace signing key still sealed
 * under an older one, with the associated data it was sealed with. The key itself, and so its
 * `kid` and the signatures already made, stay the same.
 */
export async function resealSigningKeys(
  db: Db,
  keyring: Keyring,
  batchSize: number,
): Promise<ResealCount> {
  const { signingKeys: table } = schema;
  return resealRows(
    keyring,
    batchSize,
    async (after, limit) => {
      const rows = await db
        .select({ ownerId: table.ownerId, kid: table.kid, sealed: table.privateKeySealed })
        .from(table)
        .where(
          and(
            notLike(table.privateKeySealed, currentSealPattern(keyring)),
            after ? gt(table.ownerId, after) : undefined,
          ),
        )
        .orderBy(asc(table.ownerId))
        .limit(limit);
      return rows.map((r) => ({
        id: r.ownerId,
        sealed: r.sealed,
        associatedData: signingKeyAssociatedData(r.ownerId, r.kid),
      }));
    },
    async (row, resealed) => {
      const updated = await db
        .update(table)
        .set({ privateKeySealed: resealed })
        .where(and(eq(table.ownerId, row.id), eq(table.privateKeySealed, row.sealed)))
        .returning({ ownerId: table.ownerId });
      return updated.length > 0;
    },
  );
}
