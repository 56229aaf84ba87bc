import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq, or } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import { DomainError } from '@/lib/errors';
import { getEntry } from './get-entry';
import { insertEntry } from './insert-entry';
import { toEntry, type Entry } from './entry';

export interface NewEntryRequest {
  /** The client's UUID (PUT); a new one is chosen when absent (POST). */
  clientId?: string;
  key?: string;
  folder?: string;
  docSchema: string;
  envSchema: string | null;
  /** Hash of what the client asked for (not of what is stored): a repeat compares equal. */
  requestHash: string;
  /** The data to store, given the entry's id (an envelope names it in its head). */
  data: (id: string) => Record<string, unknown>;
}

/**
 * Stores a checked document as a new entry, once: the one insert path of every kind of entry.
 * Repeating the same request (same id, or same key) returns the stored entry with `created: false`;
 * the same id or key with a different request is a conflict.
 */
export async function storeEntry(
  db: Db,
  ownerId: string,
  request: NewEntryRequest,
): Promise<{ entry: Entry; created: boolean }> {
  const { key, requestHash: hash } = request;
  // UUIDs compare as text below: one spelling for each.
  const id = (request.clientId ?? randomUUID()).toLowerCase();
  const inserted = await insertEntry(db, {
    id,
    ownerId,
    key,
    folder: request.folder,
    docSchema: request.docSchema,
    envSchema: request.envSchema,
    data: request.data(id),
    requestHash: hash,
  });
  // A new entry has no meta yet: the inserted row is the whole answer, no read back.
  if (inserted) return { entry: toEntry(inserted, []), created: true };

  const holders = await db
    .select({
      id: schema.entries.id,
      ownerId: schema.entries.ownerId,
      key: schema.entries.key,
      requestHash: schema.entries.requestHash,
    })
    .from(schema.entries)
    .where(
      or(
        eq(schema.entries.id, id),
        key ? and(eq(schema.entries.ownerId, ownerId), eq(schema.entries.key, key)) : undefined,
      ),
    );
  const byId = holders.find((h) => h.id === id);
  // Another workspace's id is not this workspace's business: the same answer as any unknown entry.
  if (byId && byId.ownerId !== ownerId)
    throw new DomainError({
      kind: 'not_found',
      code: 'entry_not_found',
      detail: 'No entry with this id in this workspace.',
    });
  const existing = byId ?? holders.find((h) => h.ownerId === ownerId && h.key === key);
  if (!existing) throw new Error('entry insert conflicted but no entry holds its id or key');
  const sameRequest =
    existing.requestHash === hash && (request.clientId === undefined || existing.id === id);
  if (!sameRequest) {
    const what = existing.id === id ? `id ${id}` : `key "${key}"`;
    throw new DomainError({
      kind: 'conflict',
      code: 'entry_conflict',
      detail: `An entry with ${what} already exists with different contents.`,
    });
  }
  return { entry: (await getEntry(db, ownerId, existing.id))!, created: false };
}
