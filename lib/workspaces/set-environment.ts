import 'server-only';
import { eq } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import { environmentSchema } from './schemas';

export async function setWorkspaceEnvironment(db: Db, workspaceId: string, environment: string) {
  const value = environmentSchema.parse(environment);
  await db
    .update(schema.workspaces)
    .set({ environment: value, updatedAt: new Date() })
    .where(eq(schema.workspaces.id, workspaceId));
}
