import 'server-only';
import { createHash, randomUUID } from 'node:crypto';
import type { schema } from '@/lib/db';

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

/** The row a new file is stored as: its size and SHA-256 are the content's own. */
export function entryFileValues(
  ownerId: string,
  entryId: string,
  file: NewEntryFile,
): typeof schema.entryFiles.$inferInsert {
  return {
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
  };
}
