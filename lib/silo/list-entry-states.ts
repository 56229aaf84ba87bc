import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import { getEntry } from './get-entry';

export interface EntryState {
  id: string;
  /** A lifecycle state a workflow set (`processing`, `sent`, …), or a client's own key (`paid`). */
  state: string;
  /** The job whose step set it; null when the entry was created in it or a client added it. */
  jobId: string | null;
  /** Who added it otherwise (`api-key` and the key's id); null for a job's or the creation's. */
  src: string | null;
  srcId: string | null;
  notes: string | null;
  meta: Record<string, string> | null;
  createdAt: Date;
}

export const toEntryState = (row: typeof schema.entryStates.$inferSelect): EntryState => ({
  id: String(row.id),
  state: row.state,
  jobId: row.jobId,
  src: row.src,
  srcId: row.srcId,
  notes: row.notes,
  meta: (row.meta as Record<string, string> | null) ?? null,
  createdAt: row.createdAt,
});

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
    // A state added for an earlier time (PUT …/states/{at}) takes its place in time.
    .orderBy(asc(schema.entryStates.createdAt), asc(schema.entryStates.id));
  return rows.map(toEntryState);
}
