import 'server-only';
import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { normalizeCuit } from '@/lib/arca';
import { schema, type Db } from '@/lib/db';
import { entryPage, type EntryPage } from './entry-page';

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
): Promise<EntryPage> {
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
  return entryPage(db, and(...conditions), options);
}
