import type { schema } from '@/lib/db';

type EntryRow = typeof schema.entries.$inferSelect;
type MetaRow = typeof schema.metaRecords.$inferSelect;

export function toMeta(row: MetaRow) {
  return {
    // Invopop names a meta row by its entry, source and key.
    id: `${row.entryId}:${row.src}:${row.key}`,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    owner_id: row.ownerId,
    entry_id: row.entryId,
    src: row.src,
    key: row.key,
    ...(row.ref !== null ? { ref: row.ref } : {}),
    ...(row.linkUrl !== null ? { link_url: row.linkUrl } : {}),
    ...(row.linkScope !== null ? { link_scope: row.linkScope } : {}),
    ...(row.value !== null ? { value: row.value } : {}),
    indexed: row.indexed,
    shared: row.shared,
  };
}

export function toEntry(row: EntryRow, meta: MetaRow[]) {
  return {
    id: row.id,
    ...(row.key !== null ? { key: row.key } : {}),
    ...(row.folder !== null ? { folder: row.folder } : {}),
    state: row.state,
    doc_schema: row.docSchema,
    ...(row.envSchema !== null ? { env_schema: row.envSchema } : {}),
    data: row.data as Record<string, unknown>,
    meta: meta.map(toMeta),
    faults: row.faults as { code?: string; message: string; provider?: string }[],
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export type MetaRecord = ReturnType<typeof toMeta>;
