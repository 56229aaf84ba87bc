import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq, or } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import { DomainError } from '@/lib/errors';
import { requestHash } from '@/lib/idempotency';
import { createEntryBody, folderSchema } from './schemas';
import { validateParty } from './validate-party';
import { getEntry } from './get-entry';
import { insertEntry } from './insert-entry';
import { toEntry } from './to-entry';

export interface CreateEntryRequest {
  /** The client's UUID (PUT); a new one is chosen when absent (POST). */
  id?: string;
  body: unknown;
  /** `folder` may also come as a query parameter. */
  folder?: string;
}

const RESERVED = new Set(['key', 'folder', 'data']);

/**
 * Creates an entry once. Repeating the same request (same id, or same key) returns the stored
 * entry with `created: false`; the same id or key with a different request is a conflict.
 */
export async function createEntry(db: Db, ownerId: string, request: CreateEntryRequest) {
  const body = createEntryBody.safeParse(request.body);
  if (!body.success) {
    throw new DomainError('validation', 'The request has invalid fields.', Object.fromEntries(body.error.issues.map((i) => [i.path.join('.'), i.message])));
  }
  const { key, data, ...rest } = body.data;
  const query = request.folder === undefined ? undefined : folderSchema.safeParse(request.folder);
  if (query && !query.success) throw new DomainError('validation', 'The folder is not valid.', { folder: query.error.issues[0]!.message });
  const folder = body.data.folder ?? query?.data;
  const topLevel = Object.fromEntries(Object.entries(rest).filter(([k]) => !RESERVED.has(k)));
  const given = data ?? topLevel;
  const checked = validateParty(given, data ? 'data.' : '');
  if (!checked.ok) throw new DomainError('validation', 'The party has invalid fields.', checked.fields);

  const hash = requestHash({ key, folder, data: checked.party.data });
  const id = request.id ?? randomUUID();
  const inserted = await insertEntry(db, { id, ownerId, key, folder, docSchema: checked.party.docSchema, envSchema: checked.party.envSchema, data: checked.party.data, requestHash: hash });
  // A new entry has no meta yet: the inserted row is the whole answer, no read back.
  if (inserted) return { entry: toEntry(inserted, []), created: true };

  const [existing] = await db
    .select({ id: schema.entries.id, ownerId: schema.entries.ownerId, key: schema.entries.key, requestHash: schema.entries.requestHash })
    .from(schema.entries)
    .where(or(eq(schema.entries.id, id), key ? and(eq(schema.entries.ownerId, ownerId), eq(schema.entries.key, key)) : undefined));
  if (!existing) throw new Error('entry insert conflicted but no entry holds its id or key');
  const sameRequest = existing.ownerId === ownerId && existing.requestHash === hash && (request.id === undefined || existing.id === id);
  if (!sameRequest) {
    const what = existing.id === id ? `id ${id}` : `key "${key}"`;
    throw new DomainError('conflict', `An entry with ${what} already exists with different contents.`);
  }
  return { entry: (await getEntry(db, ownerId, existing.id))!, created: false };
}
