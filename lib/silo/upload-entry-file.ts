import 'server-only';
import { and, eq } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import { DomainError } from '@/lib/errors';
import { toEntryFile, type EntryFile } from './entry-file';
import { entryFileColumns } from './entry-file-columns';
import { entryFileValues, type NewEntryFile } from './entry-file-values';
import { readEntryFileUpload, type EntryFileUpload } from './read-entry-file-upload';

export type { EntryFileUpload } from './read-entry-file-upload';

/**
 * Stores an uploaded file on an entry of this workspace. A PUT repeated with the same file answers
 * the stored one; the same id with another file, or on another entry, is a conflict.
 */
export async function uploadEntryFile(
  db: Db,
  ownerId: string,
  entryId: string,
  upload: EntryFileUpload,
): Promise<EntryFile> {
  const [entry] = await db
    .select({ id: schema.entries.id })
    .from(schema.entries)
    .where(and(eq(schema.entries.id, entryId), eq(schema.entries.ownerId, ownerId)));
  if (!entry)
    throw new DomainError({
      kind: 'not_found',
      code: 'entry_not_found',
      detail: 'No entry with this id in this workspace.',
    });
  const file = readEntryFileUpload(upload);
  if (!upload.id) return insertFile(db, ownerId, entryId, file);
  const existing = await storedFile(db, upload.id);
  if (existing) return sameOrConflict(existing, ownerId, entryId, file);
  const [row] = await db
    .insert(schema.entryFiles)
    .values(entryFileValues(ownerId, entryId, { ...file, id: upload.id }))
    .onConflictDoNothing({ target: schema.entryFiles.id })
    .returning(entryFileColumns);
  if (row) return toEntryFile(row);
  // Another request stored this id meanwhile: as if it had been there first.
  return sameOrConflict((await storedFile(db, upload.id))!, ownerId, entryId, file);
}

async function insertFile(db: Db, ownerId: string, entryId: string, file: NewEntryFile) {
  const [row] = await db
    .insert(schema.entryFiles)
    .values(entryFileValues(ownerId, entryId, file))
    .returning(entryFileColumns);
  return toEntryFile(row!);
}

async function storedFile(db: Db, id: string) {
  const [row] = await db
    .select({ ...entryFileColumns, ownerId: schema.entryFiles.ownerId })
    .from(schema.entryFiles)
    .where(eq(schema.entryFiles.id, id));
  return row;
}

function sameOrConflict(
  row: NonNullable<Awaited<ReturnType<typeof storedFile>>>,
  ownerId: string,
  entryId: string,
  file: NewEntryFile,
): EntryFile {
  // Another workspace's id is unknown here, as any id this workspace does not hold.
  if (row.ownerId !== ownerId)
    throw new DomainError({
      kind: 'not_found',
      code: 'file_not_found',
      detail: 'No file with this id in this workspace.',
    });
  const stored = toEntryFile(row);
  const same =
    stored.entryId === entryId &&
    stored.hash === entryFileValues(ownerId, entryId, file).hash &&
    stored.name === file.name &&
    stored.category === file.category &&
    stored.key === (file.key ?? null) &&
    stored.mime === file.mime &&
    stored.desc === (file.desc ?? null) &&
    stored.embeddable === (file.embeddable ?? false) &&
    JSON.stringify(stored.meta) === JSON.stringify(file.meta ?? null);
  if (!same)
    throw new DomainError({
      kind: 'conflict',
      code: 'file_conflict',
      detail:
        stored.entryId === entryId
          ? 'A different file was already stored with this id: files are not replaced, upload a new one (same key: it becomes the newest version).'
          : 'A file with this id is stored on another entry.',
    });
  return stored;
}
