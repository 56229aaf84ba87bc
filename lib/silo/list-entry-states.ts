import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import { getEntry } from './get-entry';

export interface EntryState {
  id: string;
  state: string;
  /** The job whose step set it; null when the entry was created in it. */
  jobId: string | null;
  createdAt: Date;
}

/** The entry's state history, oldest first; undefined when this workspace has no such entry. */
export async function listEntryStates(
  db: Db,
  ownerId: string,
  entryId: string,
): Promise<EntryState[] | undefined> {
  if (!(await getEntry(db, ownerId, entryId))) return undefined;
  const rows = await db
    .select()
    .from(schema.entryStates)
    .where(eq(schema.entryStates.entryId, entryId))
    .orderBy(asc(schema.entryStates.id));
  return rows.map((row) => ({
    id: String(row.id),
    state: row.state,
    jobId: row.jobId,
    createdAt: row.createdAt,
  }));
}
