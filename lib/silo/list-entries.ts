import 'server-only';
import { and, asc, desc, eq, gt, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import { encodeCursor, schema, type Db } from '@/lib/db';
import { decodeListCursor } from './decode-list-cursor';
import { toEntry, type Entry } from './entry';

interface ListEntriesOptions {
  folder?: string;
  envelopesOnly?: boolean;
  limit: number;
  cursor?: string;
  /** As Invopop: the upper bound of creation times when newest first, the lower bound when `ascending`. */
  createdAt?: string;
  /** Oldest first instead of newest first. */
  ascending?: boolean;
}

/** Newest first (or oldest first), `limit` at a time; `nextCursor` is set while more remain. */
export async function listEntries(
  db: Db,
  ownerId: string,
  options: ListEntriesOptions,
): Promise<{ list: Entry[]; nextCursor?: string }> {
  const order = options.ascending ? 'asc' : 'desc';
  const after = decodeListCursor(options.cursor, order);
  const entries = schema.entries;
  const conditions: SQL[] = [eq(entries.ownerId, ownerId)];
  if (options.folder) conditions.push(eq(entries.folder, options.folder));
  if (options.envelopesOnly) conditions.push(isNotNull(entries.envSchema));
  // At the millisecond precision the API writes times in, so an entry's own created_at includes it.
  const createdMs = sql`date_trunc('milliseconds', ${entries.createdAt})`;
  if (options.createdAt)
    conditions.push(
      order === 'asc'
        ? sql`${createdMs} >= ${options.createdAt}::timestamptz`
        : sql`${createdMs} <= ${options.createdAt}::timestamptz`,
    );
  if (after !== undefined) conditions.push((order === 'asc' ? gt : lt)(entries.seq, after));
  const rows = await db
    .select()
    .from(entries)
    .where(and(...conditions))
    .orderBy(order === 'asc' ? asc(entries.seq) : desc(entries.seq))
    .limit(options.limit + 1);
  const page = rows.slice(0, options.limit);
  const ids = page.map((r) => r.id);
  const meta = ids.length
    ? await db.select().from(schema.metaRecords).where(inArray(schema.metaRecords.entryId, ids))
    : [];
  return {
    list: page.map((row) =>
      toEntry(
        row,
        meta.filter((m) => m.entryId === row.id),
      ),
    ),
    ...(rows.length > options.limit
      ? { nextCursor: encodeCursor(page[page.length - 1]!.seq, order) }
      : {}),
  };
}
