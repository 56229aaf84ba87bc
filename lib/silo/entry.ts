import type { schema } from '@/lib/db';
import type { EntryFault } from './set-entry-state';

type EntryRow = typeof schema.entries.$inferSelect;
type MetaRow = typeof schema.metaRecords.$inferSelect;

/** A record another domain keeps on an entry (e.g. gov-ar/link: the registration link), one per source and key. */
export interface MetaRecord {
  ownerId: string;
  entryId: string;
  src: string;
  key: string;
  ref: string | null;
  linkUrl: string | null;
  linkScope: string | null;
  value: unknown;
  indexed: boolean;
  shared: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** A stored document (a supplier's party, or an envelope) with its state and meta records. */
export interface Entry {
  id: string;
  key: string | null;
  folder: string | null;
  state: string;
  docSchema: string;
  envSchema: string | null;
  data: Record<string, unknown>;
  meta: MetaRecord[];
  /** The faults of the job that moved it to `error`; empty in any other state. */
  faults: EntryFault[];
  createdAt: Date;
  updatedAt: Date;
}

export function toMetaRecord(row: MetaRow): MetaRecord {
  return {
    ownerId: row.ownerId,
    entryId: row.entryId,
    src: row.src,
    key: row.key,
    ref: row.ref,
    linkUrl: row.linkUrl,
    linkScope: row.linkScope,
    value: row.value,
    indexed: row.indexed,
    shared: row.shared,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function toEntry(row: EntryRow, meta: MetaRow[]): Entry {
  return {
    id: row.id,
    key: row.key,
    folder: row.folder,
    state: row.state,
    docSchema: row.docSchema,
    envSchema: row.envSchema,
    data: row.data as Record<string, unknown>,
    meta: meta.map(toMetaRecord),
    faults: row.faults as EntryFault[],
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
