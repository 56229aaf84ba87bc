import 'server-only';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import { toEntry } from './to-entry';

type MetaRow = typeof schema.metaRecords.$inferSelect;
type MetaJson = { [K in keyof MetaRow]: MetaRow[K] extends Date ? string : MetaRow[K] };

// One round trip for the entry and its meta records: the API's most frequent read.
const metaOfEntry = sql<MetaJson[]>`coalesce((
  select json_agg(json_build_object(
    'id', m.id, 'ownerId', m.owner_id, 'entryId', m.entry_id, 'src', m.src, 'key', m.key, 'ref', m.ref, 'linkUrl', m.link_url,
    'linkScope', m.link_scope, 'value', m.value, 'indexed', m.indexed, 'shared', m.shared, 'createdAt', m.created_at, 'updatedAt', m.updated_at)
    order by m.created_at)
  from silo_meta m where m.entry_id = silo_entries.id), '[]'::json)`;

const fromJson = (m: MetaJson): MetaRow => ({ ...m, createdAt: new Date(m.createdAt), updatedAt: new Date(m.updatedAt) });

/** The entry with its meta records, or undefined when this workspace has no such entry. */
export async function getEntry(db: Db, ownerId: string, id: string) {
  const [row] = await db
    .select({ ...getTableColumns(schema.entries), meta: metaOfEntry })
    .from(schema.entries)
    .where(and(eq(schema.entries.id, id), eq(schema.entries.ownerId, ownerId)));
  if (!row) return undefined;
  const { meta, ...entry } = row;
  return toEntry(entry, (typeof meta === 'string' ? (JSON.parse(meta) as MetaJson[]) : meta).map(fromJson));
}

export async function getEntryByKey(db: Db, ownerId: string, key: string) {
  const [row] = await db.select({ id: schema.entries.id }).from(schema.entries).where(and(eq(schema.entries.ownerId, ownerId), eq(schema.entries.key, key)));
  return row ? getEntry(db, ownerId, row.id) : undefined;
}
