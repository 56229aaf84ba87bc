import 'server-only';
import { schema, type Db } from '@/lib/db';
import { newApiToken } from './tokens';

/** Creates a key and returns its token: the only time it is ever readable. */
export async function createApiKey(db: Db, workspaceId: string, name = 'default') {
  const { token, prefix, hash } = newApiToken();
  const [row] = await db
    .insert(schema.apiKeys)
    .values({ workspaceId, name, prefix, hash })
    .returning({ id: schema.apiKeys.id });
  return { id: row!.id, name, prefix, token };
}
