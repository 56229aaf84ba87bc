import 'server-only';
import { and, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { normalizeCuit } from '@/lib/arca';
import { schema, type Db } from '@/lib/db';
import { clampPage } from './clamp-page';
import { toEntry, type Entry } from './entry';

interface FindEntriesOptions {
  folder: string;
  /** Part of the name, or of the CUIT (hyphens and spaces ignored). */
  query?: string;
  page: number;
  pageSize: number;
  /** A further condition on silo_entries, made by another domain's verb from its own tables. */
  where?: SQL;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A numbered page of a folder's entries, newest first, for the console's searchable lists. */
export async function findEntries(
  db: Db,
  ownerId: string,
  options: FindEntriesOptions,
): Promise<{ list: Entry[]; total: number; page: number; pages: number }> {
  const conditions: SQL[] = [
    eq(schema.entries.ownerId, ownerId),
    eq(schema.entries.folder, options.folder),
  ];
  // PostgreSQL text cannot hold NUL: a pasted or hand-typed %00 searches for the rest.
  const query = options.query?.replaceAll('\u0000', '').trim();
  if (query) {
    const name = sql<string>`coalesce(${schema.entries.data}->>'name', ${schema.entries.data}->'doc'->>'name', '')`;
    const code = sql<string>`coalesce(${schema.entries.data}->'tax_id'->>'code', ${schema.entries.data}->'doc'->'tax_id'->>'code', '')`;
    const digits = normalizeCuit(query);
    const byName = ilike(name, `%${escapeLike(query)}%`);
    conditions.push(/^\d+$/.test(digits) ? or(byName, ilike(code, `%${digits}%`))! : byName);
  }
  if (options.where) conditions.push(options.where);
  const where = and(...conditions);
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
