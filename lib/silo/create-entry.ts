import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq, or } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import { DomainError } from '@/lib/errors';
import { requestHash } from '@/lib/idempotency';
import {
  createEntryBody,
  ENVELOPE_FIELDS,
  ENVELOPE_SCHEMA,
  folderSchema,
  PARTY_FIELDS,
  UNSUPPORTED_ENTRY_FIELDS,
} from './schemas';
import { validateParty } from './validate-party';
import { getEntry } from './get-entry';
import { insertEntry } from './insert-entry';
import { toEntry, type Entry } from './entry';

interface CreateEntryRequest {
  /** The client's UUID (PUT); a new one is chosen when absent (POST). */
  id?: string;
  body: unknown;
  /** `folder` may also come as a query parameter. */
  folder?: string;
}

/**
 * Creates an entry once. Repeating the same request (same id, or same key) returns the stored
 * entry with `created: false`; the same id or key with a different request is a conflict.
 */
export async function createEntry(
  db: Db,
  ownerId: string,
  request: CreateEntryRequest,
): Promise<{ entry: Entry; created: boolean }> {
  const body = createEntryBody.safeParse(request.body);
  if (!body.success) {
    throw new DomainError({
      kind: 'invalid',
      code: 'invalid_entry',
      detail: 'The request has invalid fields.',
      fields: Object.fromEntries(body.error.issues.map((i) => [i.path.join('.'), i.message])),
    });
  }
  const { key, folder: bodyFolder, data, ...topLevel } = body.data;
  const strays = strayTopLevelFields(topLevel, data !== undefined);
  if (Object.keys(strays).length)
    throw new DomainError({
      kind: 'invalid',
      code: 'unaccepted_fields',
      detail: `The request has fields that are not accepted here: ${Object.keys(strays).join(', ')}.`,
      fields: strays,
    });
  const query = request.folder === undefined ? undefined : folderSchema.safeParse(request.folder);
  if (query && !query.success)
    throw new DomainError({
      kind: 'invalid',
      code: 'invalid_folder',
      detail: 'The folder is not valid.',
      fields: { folder: query.error.issues[0]!.message },
    });
  const folder = bodyFolder ?? query?.data;
  const given = data ?? topLevel;
  const checked = validateParty(given, data ? 'data.' : '');
  if (!checked.ok)
    throw new DomainError({
      kind: 'invalid',
      code: 'invalid_party',
      detail: 'The party has invalid fields.',
      fields: checked.fields,
    });

  const hash = requestHash({ key, folder, data: checked.party.data });
  // UUIDs compare as text below: one spelling for each.
  const id = (request.id ?? randomUUID()).toLowerCase();
  const inserted = await insertEntry(db, {
    id,
    ownerId,
    key,
    folder,
    docSchema: checked.party.docSchema,
    envSchema: checked.party.envSchema,
    data: checked.party.data,
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
    existing.requestHash === hash && (request.id === undefined || existing.id === id);
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

/**
 * Top-level fields other than key, folder and data: party (or envelope) fields when the party comes
 * at the top level, nothing when it comes in `data`. Each stray field is named with why.
 */
function strayTopLevelFields(
  topLevel: Record<string, unknown>,
  partyInData: boolean,
): Record<string, string> {
  const allowed = partyInData
    ? new Set<string>()
    : topLevel.$schema === ENVELOPE_SCHEMA
      ? ENVELOPE_FIELDS
      : PARTY_FIELDS;
  const strays: Record<string, string> = {};
  for (const name of Object.keys(topLevel)) {
    if (allowed.has(name)) continue;
    if (UNSUPPORTED_ENTRY_FIELDS.has(name)) strays[name] = 'is not supported by this API';
    else if (partyInData && PARTY_FIELDS.has(name))
      strays[name] = 'the party is given in data: put this field there';
    else
      strays[name] = partyInData
        ? 'is not a field of this request (key, folder, data)'
        : 'is not a field of a GOBL party, nor of this request (key, folder, data)';
  }
  return strays;
}
