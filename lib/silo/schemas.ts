import { z } from 'zod';

export const PARTY_SCHEMA = 'https://gobl.org/draft-0/org/party';
export const ENVELOPE_SCHEMA = 'https://gobl.org/draft-0/envelope';
export const ENTRY_STATES = ['empty', 'processing', 'registered', 'sent', 'error'] as const;

/** The fields of a GOBL org/party (https://docs.gobl.org/draft-0/org/party), with its `$schema`. */
export const PARTY_FIELDS: ReadonlySet<string> = new Set([
  '$schema',
  '$regime',
  'uuid',
  'label',
  'name',
  'alias',
  'tax_id',
  'identities',
  'people',
  'inboxes',
  'addresses',
  'emails',
  'websites',
  'telephones',
  'registration',
  'logos',
  'ext',
  'meta',
]);
/** The fields of a GOBL envelope. */
export const ENVELOPE_FIELDS: ReadonlySet<string> = new Set(['$schema', 'head', 'doc', 'sigs']);
/** Fields of Invopop's create-entry request that this API does not implement. */
export const UNSUPPORTED_ENTRY_FIELDS: ReadonlySet<string> = new Set([
  'allow_invalid',
  'content_type',
  'correct',
  'previous_id',
]);

export const folderSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9_-]{0,62}$/, 'folder must be lowercase letters, digits, "-" or "_"');

const entryKeySchema = z.string().trim().min(1).max(255);

/** What a client sends to create an entry; the party may also come at the top level. */
export const createEntryBody = z
  .object({
    key: entryKeySchema.optional(),
    folder: folderSchema.optional(),
    data: z.record(z.string(), z.unknown()).optional(),
    sign: z.boolean('sign must be true or false').optional(),
  })
  .catchall(z.unknown());
