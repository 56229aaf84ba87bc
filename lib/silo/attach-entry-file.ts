import 'server-only';
import { createHash, randomUUID } from 'node:crypto';
import { schema, type Db } from '@/lib/db';
import { toEntryFile, type EntryFile } from './entry-file';

export interface NewEntryFile {
  /** The file's UUID (PUT …/files/{id}); a new one when absent. */
  id?: string;
  key?: string;
  name: string;
  category: string;
  desc?: string;
  mime: string;
  embeddable?: boolean;
  meta?: Record<string, string>;
  content: Buffer;
}

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
    .values({
      id: file.id ?? randomUUID(),
      entryId,
      ownerId,
      key: file.key ?? null,
      name: file.name,
      category: file.category,
      desc: file.desc ?? null,
      mime: file.mime,
      size: file.content.length,
      hash: createHash('sha256').update(file.content).digest('hex'),
      embeddable: file.embeddable ?? false,
      meta: file.meta ?? null,
      content: file.content,
    })
    .returning();
  return toEntryFile(row!);
}
