import 'server-only';
import type { Db } from '@/lib/db';
import { schema } from '@/lib/db';
import { createWorkspaceInput } from './schemas';
import { toWorkspace } from './to-workspace';

export async function createWorkspace(db: Db, input: { name: string; environment?: string }) {
  const { name, environment } = createWorkspaceInput.parse(input);
  const [row] = await db.insert(schema.workspaces).values({ name, environment }).returning();
  return toWorkspace(row!);
}
