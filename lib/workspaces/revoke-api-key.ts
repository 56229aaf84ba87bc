import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import { forgetAuthenticatedKeys } from './authenticate-api-key';

/** Revokes a key of this workspace; returns false when there is no such active key. */
export async function revokeApiKey(db: Db, workspaceId: string, keyId: string): Promise<boolean> {
  const rows = await db
    .update(schema.apiKeys)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(schema.apiKeys.id, keyId),
        eq(schema.apiKeys.workspaceId, workspaceId),
        isNull(schema.apiKeys.revokedAt),
      ),
    )
    .returning({ id: schema.apiKeys.id });
  forgetAuthenticatedKeys();
  return rows.length === 1;
}
