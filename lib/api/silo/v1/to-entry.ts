import type { Entry, EntryState, MetaRecord } from '@/lib/silo';
import type { toFileDto } from './to-file';

// The API's wire shapes (Invopop's snake_case, absent rather than null), made from the silo's objects.

export function toMetaDto(meta: MetaRecord) {
  return {
    // Invopop names a meta row by its entry, source and key.
    id: `${meta.entryId}:${meta.src}:${meta.key}`,
    created_at: meta.createdAt.toISOString(),
    updated_at: meta.updatedAt.toISOString(),
    owner_id: meta.ownerId,
    entry_id: meta.entryId,
    src: meta.src,
    key: meta.key,
    ...(meta.ref !== null ? { ref: meta.ref } : {}),
    ...(meta.linkUrl !== null ? { link_url: meta.linkUrl } : {}),
    ...(meta.linkScope !== null ? { link_scope: meta.linkScope } : {}),
    ...(meta.value !== null ? { value: meta.value } : {}),
    indexed: meta.indexed,
    shared: meta.shared,
  };
}

export function toEntryDto(entry: Entry, attachments: ReturnType<typeof toFileDto>[] = []) {
  return {
    id: entry.id,
    ...(entry.key !== null ? { key: entry.key } : {}),
    ...(entry.folder !== null ? { folder: entry.folder } : {}),
    state: entry.state,
    doc_schema: entry.docSchema,
    ...(entry.envSchema !== null ? { env_schema: entry.envSchema } : {}),
    data: entry.data,
    meta: entry.meta.map(toMetaDto),
    faults: entry.faults,
    ...(attachments.length ? { attachments } : {}),
    created_at: entry.createdAt.toISOString(),
    updated_at: entry.updatedAt.toISOString(),
  };
}

export function toEntryStateDto(state: EntryState) {
  return {
    id: state.id,
    created_at: state.createdAt.toISOString(),
    key: state.state,
    ...(state.jobId ? { src: 'transform.job', src_id: state.jobId } : {}),
    ...(!state.jobId && state.src ? { src: state.src } : {}),
    ...(!state.jobId && state.srcId ? { src_id: state.srcId } : {}),
    ...(state.notes !== null ? { notes: state.notes } : {}),
    ...(state.meta !== null ? { meta: state.meta } : {}),
  };
}

/** A page of entries with the query it answers, as Invopop echoes it. */
export function toEntryListDto(
  page: { list: Entry[]; nextCursor?: string },
  query: { folder?: string; created_at?: string; limit: number; cursor?: string },
) {
  return {
    list: page.list.map((entry) => toEntryDto(entry)),
    ...(query.folder ? { folder: query.folder } : {}),
    ...(query.created_at ? { created_at: query.created_at } : {}),
    limit: query.limit,
    ...(query.cursor ? { cursor: query.cursor } : {}),
    ...(page.nextCursor ? { next_cursor: page.nextCursor } : {}),
  };
}
