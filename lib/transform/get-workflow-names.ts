import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';

/** The names of several workflows of one workspace, in one query; ids of other workspaces are left out. */
export async function getWorkflowNames(
  db: Db,
  ownerId: string,
  ids: string[],
): Promise<Record<string, string>> {
  if (ids.length === 0) return {};
  const { workflows } = schema;
  const rows = await db
    .select({ id: workflows.id, name: workflows.name })
    .from(workflows)
    .where(and(eq(workflows.ownerId, ownerId), inArray(workflows.id, ids)));
  return Object.fromEntries(rows.map((row) => [row.id, row.name]));
}
