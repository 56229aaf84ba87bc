import 'server-only';
import { runStatement, statement, toDate, type Db } from '@/lib/db';
import type { EntryFileVersion, ListedEntryFile } from './entry-file';

// Read on every GET of an entry: a prepared statement, every column but the content (a list never
// loads the bytes).
const entryFilesNewestFirst = statement(
  'silo_entry_files_newest_first',
  `select id, entry_id, key, name, category, "desc", mime, size, hash, embeddable, meta, created_at, updated_at
   from silo_entry_files where entry_id = $1 and owner_id = $2
   order by created_at desc, id desc`,
);

/**
 * An entry's files as Invopop lists them: per key its newest version, with the earlier ones as
 * `previous` (newest first); a file without a key stands alone. Newest first; none when this
 * workspace has no such entry.
 */
export async function listEntryFiles(
  db: Db,
  ownerId: string,
  entryId: string,
): Promise<ListedEntryFile[]> {
  return groupFileVersions(await runStatement(db, entryFilesNewestFirst, [entryId, ownerId]));
}

/**
 * Files as the driver returns them (snake_case columns, newest first), or as json_build_object
 * writes them inside an entry's row: per key the newest, with the earlier ones as `previous`.
 */
export function groupFileVersions(rows: Record<string, unknown>[]): ListedEntryFile[] {
  const listed: ListedEntryFile[] = [];
  const byKey = new Map<string, ListedEntryFile>();
  for (const row of rows) {
    const key = (row.key as string | null) ?? null;
    const current = key === null ? undefined : byKey.get(key);
    const version: EntryFileVersion = {
      id: String(row.id),
      hash: String(row.hash),
      size: Number(row.size),
      createdAt: toDate(row.created_at),
    };
    if (current) {
      current.previous.push(version);
      continue;
    }
    const file: ListedEntryFile = {
      ...version,
      entryId: String(row.entry_id),
      key,
      name: String(row.name),
      category: String(row.category),
      desc: (row.desc as string | null) ?? null,
      mime: String(row.mime),
      embeddable: Boolean(row.embeddable),
      meta: (row.meta as Record<string, string> | null) ?? null,
      updatedAt: toDate(row.updated_at),
      previous: [],
    };
    listed.push(file);
    if (key !== null) byKey.set(key, file);
  }
  return listed;
}
