import type { EntryFile, ListedEntryFile } from '@/lib/silo';

/** Where a file downloads: GET …/entries/{entry_id}/files/{id} on the host the request came to. */
export const fileUrl = (origin: string, file: Pick<EntryFile, 'entryId' | 'id'>) =>
  `${origin}/silo/v1/entries/${file.entryId}/files/${file.id}`;

/** Invopop's SiloFile, made from the silo's file (with its earlier versions when listed). */
export function toFileDto(file: EntryFile | ListedEntryFile, origin: string) {
  const previous = 'previous' in file ? file.previous : [];
  return {
    id: file.id,
    entry_id: file.entryId,
    ...(file.key !== null ? { key: file.key } : {}),
    name: file.name,
    category: file.category,
    ...(file.desc !== null ? { desc: file.desc } : {}),
    mime: file.mime,
    size: file.size,
    hash: file.hash,
    embeddable: file.embeddable,
    ...(file.meta !== null ? { meta: file.meta } : {}),
    ...(previous.length
      ? {
          previous: previous.map((version) => ({
            id: version.id,
            hash: version.hash,
            size: version.size,
            created_at: version.createdAt.toISOString(),
          })),
        }
      : {}),
    stored: true,
    url: fileUrl(origin, file),
    created_at: file.createdAt.toISOString(),
  };
}
