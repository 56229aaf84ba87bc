import type { schema } from '@/lib/db';

type FileRow = typeof schema.entryFiles.$inferSelect;

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
