import 'server-only';
import { and, asc, eq, gt, isNotNull, notLike } from 'drizzle-orm';
import { currentSealPattern, resealRows, type Keyring, type ResealCount } from '@/lib/crypto';
import { schema, type Db } from '@/lib/db';

/** Master key rotation: re-seals under the current key every workflow's webhook secret still under an older one. */
export async function resealWebhookSecrets(
  db: Db,
  keyring: Keyring,
  batchSize: number,
): Promise<ResealCount> {
  const workflows = schema.workflows;
  return resealRows(
    keyring,
    batchSize,
    async (after, limit) => {
      const rows = await db
        .select({ id: workflows.id, sealed: workflows.webhookSecretSealed })
        .from(workflows)
        .where(
          and(
            isNotNull(workflows.webhookSecretSealed),
            notLike(workflows.webhookSecretSealed, currentSealPattern(keyring)),
            after ? gt(workflows.id, after) : undefined,
          ),
        )
        .orderBy(asc(workflows.id))
        .limit(limit);
      // Sealed with the workflow's id as create-workflow seals it.
      return rows.map((r) => ({ id: r.id, sealed: r.sealed!, associatedData: `workflow:${r.id}` }));
    },
    async (row, resealed) => {
      const updated = await db
        .update(workflows)
        .set({ webhookSecretSealed: resealed })
        .where(and(eq(workflows.id, row.id), eq(workflows.webhookSecretSealed, row.sealed)))
        .returning({ id: workflows.id });
      return updated.length > 0;
    },
  );
}
