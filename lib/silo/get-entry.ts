import 'server-only';
import { runStatement, statement, type Db } from '@/lib/db';
import { entryFromRow, metaFromJson } from './entry-row';
import { toEntry, type Entry } from './entry';
import type { ListedEntryFile } from './entry-file';
import { groupFileVersions } from './list-entry-files';

const META_JSON = `coalesce((
     select json_agg(json_build_object(
       'id', m.id, 'owner_id', m.owner_id, 'entry_id', m.entry_id, 'src', m.src, 'key', m.key, 'ref', m.ref, 'link_url', m.link_url,
       'link_scope', m.link_scope, 'value', m.value, 'indexed', m.indexed, 'shared', m.shared, 'created_at', m.created_at, 'updated_at', m.updated_at)
       order by m.created_at)
     from silo_meta m where m.entry_id = e.id), '[]'::json)`;

// One round trip for the entry and its meta records: the API's most frequent read.
export const entryWithMeta = statement(
  'silo_entry_with_meta',
  `select e.*, ${META_JSON} as meta
   from silo_entries e where e.id = $1 and e.owner_id = $2`,
);

// The same with the entry's files (every column but the content, newest first), as GET entry
// answers: still one round trip.
const entryWithMetaAndFiles = statement(
  'silo_entry_with_meta_and_files',
  `select e.*, ${META_JSON} as meta, coalesce((
     select json_agg(json_build_object(
       'id', f.id, 'entry_id', f.entry_id, 'key', f.key, 'name', f.name, 'category', f.category, 'desc', f.desc,
       'mime', f.mime, 'size', f.size, 'hash', f.hash, 'embeddable', f.embeddable, 'meta', f.meta,
       'created_at', f.created_at, 'updated_at', f.updated_at)
       order by f.created_at desc, f.id desc)
     from silo_entry_files f where f.entry_id = e.id and f.owner_id = e.owner_id), '[]'::json) as files
   from silo_entries e where e.id = $1 and e.owner_id = $2`,
);

const entryIdByKey = statement(
  'silo_entry_id_by_key',
  'select id from silo_entries where owner_id = $1 and key = $2',
);

/** The entry with its meta records, or undefined when this workspace has no such entry. */
export async function getEntry(db: Db, ownerId: string, id: string): Promise<Entry | undefined> {
  const [row] = await runStatement(db, entryWithMeta, [id, ownerId]);
  return row ? entryOf(row) : undefined;
}

/** The entry with its meta records and its files (listFiles' shape), in one round trip. */
export async function getEntryWithFiles(
  db: Db,
  ownerId: string,
  id: string,
): Promise<{ entry: Entry; files: ListedEntryFile[] } | undefined> {
  const [row] = await runStatement(db, entryWithMetaAndFiles, [id, ownerId]);
  if (!row) return undefined;
  return { entry: entryOf(row), files: groupFileVersions(jsonList(row.files)) };
}

const entryOf = (row: Record<string, unknown>) =>
  toEntry(entryFromRow(row), jsonList(row.meta).map(metaFromJson));

// A json column: parsed by one driver, text from another.
const jsonList = (value: unknown) =>
  (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>[];

export async function getEntryByKey(
  db: Db,
  ownerId: string,
  key: string,
): Promise<Entry | undefined> {
  const [row] = await runStatement<{ id: string }>(db, entryIdByKey, [ownerId, key]);
  return row ? getEntry(db, ownerId, row.id) : undefined;
}
