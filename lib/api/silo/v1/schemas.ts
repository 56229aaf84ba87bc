import { z } from '@hono/zod-openapi';
import { ENTRY_STATES, UPDATE_CONTENT_TYPES } from '@/lib/silo';
import { unstorableText } from '@/lib/storable';
import { FileSchema } from './file-schemas';

/** ISO 8601 UTC with milliseconds, as Invopop writes them. */
export const TimestampSchema = z.iso.datetime().openapi({ example: '2026-04-30T08:39:57.933Z' });

// The range PostgreSQL can store and ISO 8601 can write with four-digit years.
const EARLIEST = Date.parse('0001-01-01T00:00:00Z');
const LATEST = Date.parse('9999-12-31T23:59:59.999Z');

/** A time given as a query parameter: ISO 8601 UTC, year 0001 to 9999. */
export const TimestampQuerySchema = z.iso
  .datetime()
  .refine((text) => Date.parse(text) >= EARLIEST && Date.parse(text) <= LATEST, {
    message: 'must be between 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z',
  })
  .openapi({ example: '2026-04-30T00:00:00.000Z' });

export const FaultSchema = z
  .object({ provider: z.string().optional(), code: z.string().optional(), message: z.string() })
  .openapi('Fault');

const MetaSchema = z
  .object({
    id: z.string().openapi({ example: '8f4aa6b0-8fdb-4539-b5fa-adc366cb5347:gov-ar:link' }),
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
    owner_id: z.string().uuid(),
    entry_id: z.string().uuid(),
    src: z.string().openapi({ example: 'gov-ar' }),
    key: z.string().openapi({ example: 'link' }),
    ref: z.string().optional(),
    link_url: z.string().optional(),
    link_scope: z.string().optional(),
    value: z.unknown().optional(),
    indexed: z.boolean(),
    shared: z.boolean(),
  })
  .openapi('Meta');

export const EntrySchema = z
  .object({
    id: z.string().uuid(),
    key: z.string().optional(),
    folder: z.string().optional(),
    state: z.enum(ENTRY_STATES).openapi({ example: 'empty' }),
    doc_schema: z.string(),
    env_schema: z.string().optional(),
    data: z.record(z.string(), z.unknown()),
    meta: z.array(MetaSchema),
    faults: z.array(FaultSchema),
    // Invopop's SiloEntry calls an entry's files its attachments; absent when it has none.
    attachments: z.array(FileSchema).optional(),
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
  })
  .openapi('Entry');

export const EntryListSchema = z
  .object({
    list: z.array(EntrySchema),
    folder: z.string().optional(),
    created_at: TimestampSchema.optional(),
    limit: z.number().int(),
    cursor: z.string().optional(),
    next_cursor: z.string().optional(),
  })
  .openapi('EntryList');

export const EntryStateSchema = z
  .object({
    id: z.string(),
    created_at: TimestampSchema,
    key: z.string().openapi({
      description: `A lifecycle state a workflow set (${ENTRY_STATES.join(', ')}), or a key a client added (e.g. paid)`,
      example: 'processing',
    }),
    src: z.string().optional().openapi({ example: 'transform.job' }),
    src_id: z.string().optional(),
    notes: z.string().optional(),
    meta: z.record(z.string(), z.string()).optional(),
  })
  .openapi('EntryState');

export const EntryStatesSchema = z
  .object({ list: z.array(EntryStateSchema) })
  .openapi('EntryStates');

export const CreateEntryBodySchema = z
  .object({
    key: z
      .string()
      .min(1)
      .max(255)
      .optional()
      .openapi({ description: 'Unique per workspace: a repeat returns the original entry' }),
    folder: z.string().optional().openapi({ example: 'suppliers' }),
    data: z
      .record(z.string(), z.unknown())
      .optional()
      .openapi({
        description:
          'The document, bare or in a GOBL envelope (https://gobl.org/draft-0/envelope, the document in `doc`); its fields may also come at the top level. ' +
          'A GOBL party (https://gobl.org/draft-0/org/party): a supplier to register (folder e.g. `suppliers`). ' +
          'A GOBL invoice (https://gobl.org/draft-0/bill/invoice, `$addons: ["ar-arca-v4"]`): an invoice of a supplier of this workspace whose ARCA registration is complete (by `supplier.tax_id.code`), ' +
          '`series` = the point of sale (1–99998), no `code` (ARCA numbers it when it is sent); folder `invoices` by default. ' +
          'It is stored as a GOBL envelope with its calculated `totals`, in state `empty`; every bad field is named in a 422 (`fields`: path → `code: explanation`).',
        example: {
          $schema: 'https://gobl.org/draft-0/org/party',
          name: 'Panadería La Espiga SRL',
          tax_id: { country: 'AR', code: '30-71234567-1' },
        },
      }),
    sign: z.boolean().optional().openapi({
      description:
        "When true, the invoice's GOBL envelope is stored signed (`sigs`: a JWS, ES256, over its head, by the workspace's key: GET /silo/v1/keys). Invoices only; sending it to ARCA signs it again over the stamped head.",
      example: false,
    }),
  })
  .catchall(z.unknown())
  .openapi('CreateEntry');

export const UpdateEntryBodySchema = z
  .object({
    content_type: z.enum(UPDATE_CONTENT_TYPES).optional().openapi({
      description:
        "`application/json` (default): `data` is the whole new document, bare or in an envelope. `application/merge-patch+json` (RFC 7396) or `application/json-patch+json` (RFC 6902, `data` an array of operations): applied to the stored document (the envelope's `doc`)",
    }),
    data: z
      .union([z.record(z.string(), z.unknown()), z.array(z.unknown())])
      .nullish()
      .openapi({
        description:
          "The new invoice, or the patch; checked and built as creating an invoice entry checks it (422 naming each bad field). Absent: only `folder` changes. Not accepted for a supplier's party (409).",
      }),
    folder: z.string().optional().openapi({ description: 'Moves the entry', example: 'invoices' }),
    allow_invalid: z
      .boolean()
      .optional()
      .openapi({ description: 'Only false: an invalid invoice is never stored' }),
    sign: z
      .boolean()
      .optional()
      .openapi({ description: 'Only false: the envelope is signed when it is sent' }),
  })
  .catchall(z.unknown())
  .openapi('UpdateEntry');

// Unknown parameters are refused (422), never ignored: a misspelt filter must not widen a list
// nor a misspelt folder file an entry at the root.
export const FolderQuerySchema = z.object({ folder: z.string().optional() }).strict();
export const ListQuerySchema = z
  .object({
    folder: z.string().optional(),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(100)
      .default(20)
      .openapi({ description: 'Default 20, at most 100' }),
    cursor: z
      .string()
      .max(200)
      .optional()
      .openapi({ description: "The previous page's next_cursor, with the same `ascending`" }),
    created_at: TimestampQuerySchema.optional().openapi({
      description:
        'Entries created at or before this time (newest first), or at or after it when `ascending`',
    }),
    ascending: z
      .enum(['true', 'false', '1', '0'])
      .optional()
      .transform((value) => value === 'true' || value === '1')
      .openapi({
        description: 'true (or 1): oldest first; false (or 0, the default): newest first',
      }),
  })
  .strict();
export const IdParamSchema = z.object({
  id: z
    .string()
    .uuid()
    .openapi({ param: { name: 'id', in: 'path' } }),
});
export const KeyParamSchema = z.object({
  key: z
    .string()
    .min(1)
    .max(255)
    .superRefine((key, ctx) => {
      const problem = unstorableText(key);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .openapi({ param: { name: 'key', in: 'path' } }),
});
