import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import { toEntryFile, type ListedEntryFile } from './entry-file';
import { entryFileColumns } from './entry-file-columns';

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
  const rows = await db
    .select(entryFileColumns)
    .from(schema.entryFiles)
    .where(and(eq(schema.entryFiles.entryId, entryId), eq(schema.entryFiles.ownerId, ownerId)))
    .orderBy(desc(schema.entryFiles.createdAt), desc(schema.entryFiles.id));
  const listed: ListedEntryFile[] = [];
  const byKey = new Map<string, ListedEntryFile>();
  for (const row of rows) {
    const current = row.key === null ? undefined : byKey.get(row.key);
    if (current) {
      current.previous.push({
        id: row.id,
        hash: row.hash,
        size: row.size,
        createdAt: row.createdAt,
      });
      continue;
    }
    const file = { ...toEntryFile(row), previous: [] };
    listed.push(file);
    if (row.key !== null) byKey.set(row.key, file);
  }
  return listed;
}
