import { z } from 'zod';
import { DomainError } from '@/lib/errors';
import type { CorrectionOptions } from '@/lib/invoice-model';

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date, yyyy-mm-dd');

// GOBL's bill.CorrectionOptions; `copy_tax` is refused rather than ignored: ARCA's CbtesAsoc has no totals.
const optionsSchema = z.strictObject({
  type: z.enum(['credit-note', 'debit-note']),
  issue_date: date.optional(),
  series: z
    .string()
    .regex(/^\d{1,5}$/, 'must be a point of sale, 1 to 99998')
    .optional(),
  reason: z.string().max(500).optional(),
  stamps: z.array(z.strictObject({ prv: z.string().min(1), val: z.string() })).optional(),
  ext: z.record(z.string(), z.string()).optional(),
});

/** The options schema `show_options` answers: GOBL's bill/correction-options as Argentina allows them. */
export const CORRECTION_OPTIONS_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://gobl.org/draft-0/bill/correction-options',
  title: 'Correction options',
  type: 'object',
  properties: {
    type: {
      type: 'string',
      title: 'Type',
      oneOf: [
        { const: 'credit-note', title: 'Credit Note' },
        { const: 'debit-note', title: 'Debit Note' },
      ],
      description: 'The type of corrective invoice to produce.',
    },
    issue_date: {
      type: 'string',
      format: 'date',
      title: 'Issue Date',
      description: 'Today in Argentina when absent.',
    },
    series: {
      type: 'string',
      title: 'Series',
      description: "The note's point of sale; the original's when absent.",
    },
    reason: {
      type: 'string',
      title: 'Reason',
      description: 'Why the invoice is corrected (in preceding).',
    },
    stamps: {
      type: 'array',
      title: 'Stamps',
      items: {
        type: 'object',
        properties: { prv: { type: 'string' }, val: { type: 'string' } },
        required: ['prv', 'val'],
      },
      description: 'Stamps of the original document to include in the preceding data.',
    },
    ext: {
      type: 'object',
      additionalProperties: { type: 'string' },
      title: 'Extensions',
      description:
        "Added to the preceding's extensions (ar-arca-doc-type is always the original's).",
    },
  },
  required: ['type'],
  additionalProperties: false,
} as const;

/** The request's `options`, or a 422 naming each bad one (`options.type`). */
export function readCorrectionOptions(options: unknown): CorrectionOptions {
  const parsed = optionsSchema.safeParse(options ?? {});
  if (parsed.success) return parsed.data;
  throw new DomainError({
    kind: 'invalid',
    code: 'invalid_correction_options',
    detail: 'The correction options are not valid: `type` is credit-note or debit-note.',
    fields: Object.fromEntries(
      parsed.error.issues.map((i) => [
        ['options', ...i.path, ...('keys' in i ? [i.keys[0]] : [])].join('.'),
        i.message,
      ]),
    ),
  });
}
