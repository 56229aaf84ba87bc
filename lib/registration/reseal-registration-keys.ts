import 'server-only';
import { and, asc, eq, gt, notLike } from 'drizzle-orm';
import { currentSealPattern, resealRows, type Keyring, type ResealCount } from '@/lib/crypto';
import { schema, type Db } from '@/lib/db';

/**
 * Master key rotation: re-seals under the current key every supplier private key still sealed under
 * an older one, validated and pending, with the entry id as associated data as they were sealed.
 */
export async function resealRegistrationKeys(
  db: Db,
  keyring: Keyring,
  batchSize: number,
): Promise<{ credentials: ResealCount; pendingCredentials: ResealCount }> {
  const pass = async (
    table: typeof schema.registrationCredentials | typeof schema.registrationPendingCredentials,
  ) =>
    resealRows(
      keyring,
      batchSize,
      async (after, limit) => {
        const rows = await db
          .select({ entryId: table.entryId, keySealed: table.keySealed })
          .from(table)
          .where(
            and(
              notLike(table.keySealed, currentSealPattern(keyring)),
              after ? gt(table.entryId, after) : undefined,
            ),
          )
          .orderBy(asc(table.entryId))
          .limit(limit);
        return rows.map((r) => ({ id: r.entryId, sealed: r.keySealed, associatedData: r.entryId }));
      },
      async (row, resealed) => {
        const updated = await db
          .update(table)
          .set({ keySealed: resealed })
          .where(and(eq(table.entryId, row.id), eq(table.keySealed, row.sealed)))
          .returning({ entryId: table.entryId });
        return updated.length > 0;
      },
    );
  return {
    credentials: await pass(schema.registrationCredentials),
    pendingCredentials: await pass(schema.registrationPendingCredentials),
  };
}
