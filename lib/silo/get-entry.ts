import 'server-only';
import { runStatement, statement, type Db } from '@/lib/db';
import { entryFromRow, metaFromJson } from './entry-row';
import { toEntry, type Entry } from './entry';

// One round trip for the entry and its meta records: the API's most frequent read.
export const entryWithMeta = statement(
  'silo_entry_with_meta',
  `select e.*, coalesce((
     select json_agg(json_build_object(
       'id', m.id, 'owner_id', m.owner_id, 'entry_id', m.entry_id, 'src', m.src, 'key', m.key, 'ref', m.ref, 'link_url', m.link_url,
       'link_scope', m.link_scope, 'value', m.value, 'indexed', m.indexed, 'shared', m.shared, 'created_at', m.created_at, 'updated_at', m.updated_at)
       order by m.created_at)
     from silo_meta m where m.entry_id = e.id), '[]'::json) as meta
   from silo_entries e where e.id = $1 and e.owner_id = $2`,
);

const entryIdByKey = statement(
  'silo_entry_id_by_key',
  'select id from silo_entries where owner_id = $1 and key = $2',
);

/** The entry with its meta records, or undefined when this workspace has no such entry. */
export async function getEntry(db: Db, ownerId: string, id: string): Promise<Entry | undefined> {
  const [row] = await runStatement(db, entryWithMeta, [id, ownerId]);
  if (!row) return undefined;
  const meta =
    typeof row.meta === 'string'
      ? (JSON.parse(row.meta) as Record<string, unknown>[])
      : (row.meta as Record<string, unknown>[]);
  return toEntry(entryFromRow(row), meta.map(metaFromJson));
}

export async function getEntryByKey(
  db: Db,
  ownerId: string,
  key: string,
): Promise<Entry | undefined> {
  const [row] = await runStatement<{ id: string }>(db, entryIdByKey, [ownerId, key]);
  return row ? getEntry(db, ownerId, row.id) : undefined;
}
