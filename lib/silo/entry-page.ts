import 'server-only';
import { desc, inArray, sql, type SQL } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import { toEntry, type Entry } from './entry';

export interface EntryPage {
  list: Entry[];
  total: number;
  page: number;
  pages: number;
}

/** The page to show of `pages`: a hand-edited page (1e20, Infinity, NaN) gives the nearest real one, never an offset out of range. */
export function clampPage(requested: number, pages: number): number {
  if (Number.isFinite(requested)) return Math.min(pages, Math.max(1, Math.floor(requested)));
  return requested > 0 ? pages : 1;
}

/** A numbered page of the entries `where` selects, newest first, with their meta records: the console's lists. */
export async function entryPage(
  db: Db,
  where: SQL | undefined,
  options: { page: number; pageSize: number },
): Promise<EntryPage> {
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(schema.entries)
    .where(where);
  const pages = Math.max(1, Math.ceil(total / options.pageSize));
  const page = clampPage(options.page, pages);
  const rows = await db
    .select()
    .from(schema.entries)
    .where(where)
    .orderBy(desc(schema.entries.seq))
    .limit(options.pageSize)
    .offset((page - 1) * options.pageSize);
  const ids = rows.map((r) => r.id);
  const meta = ids.length
    ? await db.select().from(schema.metaRecords).where(inArray(schema.metaRecords.entryId, ids))
    : [];
  return {
    list: rows.map((row) =>
      toEntry(
        row,
        meta.filter((m) => m.entryId === row.id),
      ),
    ),
    total,
    page,
    pages,
  };
}
