import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import { entryFileColumns } from './entry-file-columns';
import { toEntryFile, type EntryFile } from './entry-file';

/**
 * The entry's current file with this key (the newest: earlier ones are its previous versions), or
 * undefined. A step that makes a file looks here first, so running it again adds no copy.
 */
export async function findEntryFileByKey(
  db: Db,
  ownerId: string,
  entryId: string,
  key: string,
): Promise<EntryFile | undefined> {
  const [row] = await db
    .select(entryFileColumns)
    .from(schema.entryFiles)
    .where(
      and(
        eq(schema.entryFiles.ownerId, ownerId),
        eq(schema.entryFiles.entryId, entryId),
        eq(schema.entryFiles.key, key),
      ),
    )
    .orderBy(desc(schema.entryFiles.createdAt), desc(schema.entryFiles.id))
    .limit(1);
  return row ? toEntryFile(row) : undefined;
}
