import 'server-only';
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import { attachEntryFile, type NewEntryFile } from './attach-entry-file';
import type { EntryFile } from './entry-file';
import { findEntryFileByKey } from './find-entry-file-by-key';

/**
 * Attaches a file under its key unless the entry's current file with that key has the same
 * content (SHA-256): what a step that makes a file does, so that running it again, or two jobs
 * running it at once, leave one current file. The entry's row is locked while deciding.
 */
export async function attachEntryFileOnce(
  db: Db,
  ownerId: string,
  entryId: string,
  file: NewEntryFile & { key: string },
): Promise<{ file: EntryFile; added: boolean }> {
  const hash = createHash('sha256').update(file.content).digest('hex');
  return db.transaction(async (tx) => {
    await tx
      .select({ id: schema.entries.id })
      .from(schema.entries)
      .where(and(eq(schema.entries.id, entryId), eq(schema.entries.ownerId, ownerId)))
      .for('update');
    const current = await findEntryFileByKey(tx, ownerId, entryId, file.key);
    if (current?.hash === hash) return { file: current, added: false };
    return { file: await attachEntryFile(tx, ownerId, entryId, file), added: true };
  });
}
