import 'server-only';
import { type Db } from '@/lib/db';
import { DomainError } from '@/lib/errors';
import { requestHash } from '@/lib/idempotency';
import { ENVELOPE_FIELDS, ENVELOPE_SCHEMA, PARTY_FIELDS } from './schemas';
import { readEntryRequest, type EntryRequest } from './read-entry-request';
import { storeEntry } from './store-entry';
import { validateParty } from './validate-party';
import type { Entry } from './entry';

/**
 * Creates a supplier's party entry once. Repeating the same request (same id, or same key) returns
 * the stored entry with `created: false`; the same id or key with a different request is a conflict.
 */
export async function createEntry(
  db: Db,
  ownerId: string,
  request: EntryRequest,
): Promise<{ entry: Entry; created: boolean }> {
  const { key, folder, given, at, sign } = readEntryRequest(request, (topLevel) =>
    topLevel.$schema === ENVELOPE_SCHEMA ? ENVELOPE_FIELDS : PARTY_FIELDS,
  );
  if (sign)
    throw new DomainError({
      kind: 'invalid',
      code: 'unaccepted_fields',
      detail: 'Only invoice entries are signed here: send a party without `sign`.',
      fields: { sign: 'is supported for invoices only' },
    });
  const checked = validateParty(given, at);
  if (!checked.ok)
    throw new DomainError({
      kind: 'invalid',
      code: 'invalid_party',
      detail: 'The party has invalid fields.',
      fields: checked.fields,
    });
  const { data, docSchema, envSchema } = checked.party;
  return storeEntry(db, ownerId, {
    clientId: request.id,
    key,
    folder,
    docSchema,
    envSchema,
    requestHash: requestHash({ key, folder, data }),
    data: () => data,
  });
}
