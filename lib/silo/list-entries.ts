import 'server-only';
import { and, desc, eq, inArray, isNotNull, lt, type SQL } from 'drizzle-orm';
import { decodeListCursor, encodeCursor, schema, type Db } from '@/lib/db';
import { toEntry } from './to-entry';

export interface ListEntriesOptions {
  folder?: string;
  envelopesOnly?: boolean;
  limit: number;
  cursor?: string;
}

/** Newest first, `limit` at a time; `next_cursor` is set while more remain. */
export async function listEntries(db: Db, ownerId: string, options: ListEntriesOptions) {
  const before = decodeListCursor(options.cursor);
  const conditions: SQL[] = [eq(schema.entries.ownerId, ownerId)];
  if (options.folder) conditions.push(eq(schema.entries.folder, options.folder));
  if (options.envelopesOnly) conditions.push(isNotNull(schema.entries.envSchema));
  if (before !== undefined) conditions.push(lt(schema.entries.seq, before));
  const rows = await db
    .select()
    .from(schema.entries)
    .where(and(...conditions))
    .orderBy(desc(schema.entries.seq))
    .limit(options.limit + 1);
  const page = rows.slice(0, options.limit);
  const ids = page.map((r) => r.id);
  const meta = ids.length ? await db.select().from(schema.metaRecords).where(inArray(schema.metaRecords.entryId, ids)) : [];
  return {
    list: page.map((row) => toEntry(row, meta.filter((m) => m.entryId === row.id))),
    ...(options.folder ? { folder: options.folder } : {}),
    limit: options.limit,
    ...(options.cursor ? { cursor: options.cursor } : {}),
    ...(rows.length > options.limit ? { next_cursor: encodeCursor(page[page.length - 1]!.seq) } : {}),
  };
}
