import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';

/** The data of several entries of one workspace, in one query; ids of other workspaces are left out. */
export async function getEntriesData(
  db: Db,
  ownerId: string,
  ids: string[],
): Promise<{ id: string; data: unknown }[]> {
  if (ids.length === 0) return [];
  const { entries } = schema;
  return db
    .select({ id: entries.id, data: entries.data })
    .from(entries)
    .where(and(eq(entries.ownerId, ownerId), inArray(entries.id, ids)));
}
