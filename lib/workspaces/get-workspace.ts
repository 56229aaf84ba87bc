import 'server-only';
import { eq } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import { toWorkspace } from './to-workspace';

export async function getWorkspace(db: Db, id: string) {
  const [row] = await db.select().from(schema.workspaces).where(eq(schema.workspaces.id, id));
  return row ? toWorkspace(row) : undefined;
}
