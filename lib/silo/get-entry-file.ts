import 'server-only';
import { and, eq } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import { toEntryFile, type EntryFile } from './entry-file';

/**
 * One file of an entry of this workspace with its content, by its id (a previous version's id
 * too); undefined when the workspace, the entry or the file does not match.
 */
export async function getEntryFile(
  db: Db,
  ownerId: string,
  entryId: string,
  fileId: string,
): Promise<{ file: EntryFile; content: Buffer } | undefined> {
  const [row] = await db
    .select()
    .from(schema.entryFiles)
    .where(
      and(
        eq(schema.entryFiles.id, fileId),
        eq(schema.entryFiles.entryId, entryId),
        eq(schema.entryFiles.ownerId, ownerId),
      ),
    );
  return row ? { file: toEntryFile(row), content: row.content } : undefined;
}
