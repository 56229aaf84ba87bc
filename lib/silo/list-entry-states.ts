import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import { getEntry } from './get-entry';

/** The entry's state history, oldest first; undefined when this workspace has no such entry. */
export async function listEntryStates(db: Db, ownerId: string, entryId: string) {
  if (!(await getEntry(db, ownerId, entryId))) return undefined;
  const rows = await db.select().from(schema.entryStates).where(eq(schema.entryStates.entryId, entryId)).orderBy(asc(schema.entryStates.id));
  return rows.map((row) => ({
    id: String(row.id),
    created_at: row.createdAt.toISOString(),
    key: row.state,
    ...(row.jobId ? { src: 'transform.job', src_id: row.jobId } : {}),
  }));
}
