import type { schema } from '@/lib/db';

type FileRow = Omit<typeof schema.entryFiles.$inferSelect, 'content'>;

/** A file kept on an entry (Invopop's SiloFile): the invoice PDF the `pdf` step renders, or an upload. */
export interface EntryFile {
  id: string;
  entryId: string;
  /** Who made it: `pdf` for the rendered invoice; the client's choice for uploads. */
  key: string | null;
  name: string;
  /** Invopop's categories: `format` (a rendering of the document, e.g. its PDF), `attachment`, … */
  category: string;
  desc: string | null;
  mime: string;
  size: number;
  /** SHA-256 of the content, hex. */
  hash: string;
  embeddable: boolean;
  meta: Record<string, string> | null;
  createdAt: Date;
  updatedAt: Date;
}

/** An earlier upload under the same key (Invopop's SiloFileVersion): still downloadable by its id. */
export interface EntryFileVersion {
  id: string;
  hash: string;
  size: number;
  createdAt: Date;
}

/** A file as an entry lists it: its newest version, and the earlier ones under its key, newest first. */
export interface ListedEntryFile extends EntryFile {
  previous: EntryFileVersion[];
}

/** Files are kept whole, at most this large (decoded): a PDF of a long invoice fits many times over. */
export const MAX_ENTRY_FILE_BYTES = 10 * 1024 * 1024;

/** Invopop lets a workspace that is not enrolled (as none here is) upload only these two. */
export const ENTRY_FILE_CATEGORIES = ['format', 'attachment'] as const;

export function toEntryFile(row: FileRow): EntryFile {
  return {
    id: row.id,
    entryId: row.entryId,
    key: row.key,
    name: row.name,
    category: row.category,
    desc: row.desc,
    mime: row.mime,
    size: row.size,
    hash: row.hash,
    embeddable: row.embeddable,
    meta: (row.meta as Record<string, string> | null) ?? null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
