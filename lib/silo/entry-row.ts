import { toDate, type schema } from '@/lib/db';

type EntryRow = typeof schema.entries.$inferSelect;
type MetaRow = typeof schema.metaRecords.$inferSelect;

/** An entry row as the driver returns it (snake_case columns) in Drizzle's shape. */
export function entryFromRow(row: Record<string, unknown>): EntryRow {
  return {
    id: String(row.id),
    seq: Number(row.seq),
    ownerId: String(row.owner_id),
    key: (row.key as string | null) ?? null,
    folder: (row.folder as string | null) ?? null,
    state: String(row.state),
    docSchema: String(row.doc_schema),
    envSchema: (row.env_schema as string | null) ?? null,
    data: row.data,
    faults: row.faults,
    requestHash: String(row.request_hash),
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
  };
}

/** A meta record as json_build_object returns it inside an entry's row. */
export function metaFromJson(m: Record<string, unknown>): MetaRow {
  return {
    id: String(m.id),
    ownerId: String(m.owner_id),
    entryId: String(m.entry_id),
    src: String(m.src),
    key: String(m.key),
    ref: (m.ref as string | null) ?? null,
    linkUrl: (m.link_url as string | null) ?? null,
    linkScope: (m.link_scope as string | null) ?? null,
    value: (m.value as unknown) ?? null,
    indexed: Boolean(m.indexed),
    shared: Boolean(m.shared),
    createdAt: toDate(m.created_at),
    updatedAt: toDate(m.updated_at),
  };
}
