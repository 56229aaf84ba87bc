import 'server-only';
import { schema, type Db } from '@/lib/db';
import { entryFileColumns } from './entry-file-columns';
import { toEntryFile, type EntryFile } from './entry-file';
import { entryFileValues, type NewEntryFile } from './entry-file-values';

export type { NewEntryFile } from './entry-file-values';

/**
 * Stores a file on an entry the caller has already found in this workspace. A file with the same
 * key does not replace the earlier one: both are kept, newest first (the earlier ones are its
 * previous versions).
 */
export async function attachEntryFile(
  db: Db,
  ownerId: string,
  entryId: string,
  file: NewEntryFile,
): Promise<EntryFile> {
  const [row] = await db
    .insert(schema.entryFiles)
    .values(entryFileValues(ownerId, entryId, file))
    .returning(entryFileColumns);
  return toEntryFile(row!);
}
