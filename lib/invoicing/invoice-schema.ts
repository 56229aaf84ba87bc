import { z } from 'zod';

// The subset of GOBL's `bill/invoice` (with the `ar-arca-v4` addon) we accept. Objects are strict:
// a field we would silently ignore is one the sender thinks we honour, so it is refused by name.
// Refinement messages are problem codes (lib/invoicing/invoice-problem.ts).

const DECIMAL = /^-?\d+(\.\d+)?$/;
/** GOBL writes amounts as strings ("10.50"); a JSON number is taken as written. */
const decimal = z
  .union([z.string(), z.number()])
  .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
  .refine((v) => DECIMAL.test(v), { message: 'invalid_decimal' });
const positiveDecimal = decimal.refine((v) => !v.startsWith('-') && /[1-9]/.test(v), {
  message: 'not_positive',
});
const nonNegativeDecimal = decimal.refine((v) => !v.startsWith('-') || !/[1-9]/.test(v), {
  message: 'negative',
});

/** A calendar date as GOBL writes it (yyyy-mm-dd) that exists. */
const date = z.string().refine(
  (v) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
    if (!m) return false;
    const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
    return (
      d.getUTCFullYear() === Number(m[1]) &&
      d.getUTCMonth() === Number(m[2]) - 1 &&
      d.getUTCDate() === Number(m[3])
    );
  },
  { message: 'invalid_date' },
);
const percent = z
  .string()
  .refine((v) => /^\d+(\.\d+)?%$/.test(v.trim()), { message: 'invalid_percent' });

const DOC_TYPES = ['1', '2', '3', '6', '7', '8', '11', '12', '13'] as const;
/** CondicionIVAReceptorId: ARCA's IVA conditions (FEParamGetCondicionIvaReceptor). */
export const VAT_STATUSES = ['1', '4', '5', '6', '7', '8', '9', '10', '13', '15', '16'] as const;
export type VatStatus = (typeof VAT_STATUSES)[number];
export const isVatStatus = (value: string | null): value is VatStatus =>
  (VAT_STATUSES as readonly (string | null)[]).includes(value);
const IDENTITY_TYPES = ['80', '86', '87', '94', '96'] as const;
const VAT_RATE_CODES = ['3', '4', '5', '6', '8', '9'] as const;
const TAX_TYPES = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '13', '99'] as const;

const taxId = z.strictObject({
  country: z.string().regex(/^[A-Z]{2}$/),
  code: z.string().min(1),
  type: z.string().optional(),
});
const identity = z.strictObject({
  key: z.string().optional(),
  type: z.string().optional(),
  code: z.string().min(1),
  ext: z.strictObject({ 'ar-arca-identity-type': z.enum(IDENTITY_TYPES).optional() }).optional(),
});
const address = z.strictObject({
  num: z.string().optional(),
  street: z.string().optional(),
  street_extra: z.string().optional(),
  locality: z.string().optional(),
  region: z.string().optional(),
  code: z.string().optional(),
  country: z.string().optional(),
});
const party = {
  name: z.string().min(1),
  alias: z.string().optional(),
  tax_id: taxId.optional(),
  identities: z.array(identity).optional(),
  addresses: z.array(address).optional(),
  emails: z.array(z.strictObject({ addr: z.string() })).optional(),
  telephones: z.array(z.strictObject({ num: z.string() })).optional(),
};

const lineTax = z.strictObject({
  cat: z.literal('VAT'),
  key: z.enum(['standard', 'zero', 'exempt', 'outside-scope']).optional(),
  rate: z.enum(['zero', 'super-reduced', 'reduced', 'general', 'standard', 'increased']).optional(),
  percent: percent.optional(),
  ext: z.strictObject({ 'ar-arca-vat-rate': z.enum(VAT_RATE_CODES).optional() }).optional(),
});

const discount = z.strictObject({
  percent: percent.optional(),
  amount: nonNegativeDecimal.optional(),
  reason: z.string().optional(),
});

const line = z.strictObject({
  // Calculated fields a GOBL client may send back; we recalculate them, as GOBL does.
  i: z.number().int().optional(),
  sum: decimal.optional(),
  total: decimal.optional(),
  quantity: positiveDecimal,
  item: z.strictObject({
    name: z.string().min(1),
    price: nonNegativeDecimal,
    key: z.enum(['goods', 'services']).optional(),
    unit: z.string().optional(),
    ref: z.string().optional(),
  }),
  discounts: z.array(discount).optional(),
  taxes: z.array(lineTax).optional(),
});

const charge = z.strictObject({
  key: z.literal('tax'),
  percent: percent,
  base: nonNegativeDecimal.optional(),
  reason: z.string().optional(),
  ext: z.strictObject({ 'ar-arca-tax-type': z.enum(TAX_TYPES) }),
});

const preceding = z.strictObject({
  uuid: z.string().optional(),
  type: z.enum(['standard', 'credit-note', 'debit-note']).optional(),
  series: z
    .union([z.string(), z.number()])
    .transform(String)
    .refine((v) => /^\d+$/.test(v), { message: 'series_range' }),
  code: z
    .union([z.string(), z.number()])
    .transform(String)
    .refine((v) => /^\d{1,8}$/.test(v) && Number(v) > 0, { message: 'invalid_value' }),
  issue_date: date.optional(),
  reason: z.string().optional(),
  ext: z.strictObject({ 'ar-arca-doc-type': z.enum(DOC_TYPES) }),
});

export const goblInvoiceSchema = z.strictObject({
  $schema: z.literal('https://gobl.org/draft-0/bill/invoice'),
  $addons: z
    .array(z.string())
    .refine((a) => a.includes('ar-arca-v4'), { message: 'invalid_value' }),
  $regime: z.literal('AR').optional(),
  $tags: z.array(z.string()).optional(),
  uuid: z.string().optional(),
  type: z.enum(['standard', 'credit-note', 'debit-note']).default('standard'),
  series: z
    .union([z.string(), z.number()])
    .transform(String)
    .refine((v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 99998, {
      message: 'series_range',
    })
    .optional(),
  // Assigned by ARCA's numbering when the invoice is sent; one chosen by the client would collide.
  code: z
    .unknown()
    .refine((v) => v === undefined, { message: 'code_not_allowed' })
    .optional(),
  issue_date: date,
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .default('ARS'),
  exchange_rates: z
    .array(z.strictObject({ from: z.string(), to: z.string(), amount: positiveDecimal }))
    .optional(),
  tax: z
    .strictObject({
      ext: z
        .strictObject({
          'ar-arca-doc-type': z.enum(DOC_TYPES).optional(),
          'ar-arca-concept': z.enum(['1', '2', '3']).optional(),
        })
        .optional(),
    })
    .optional(),
  preceding: z.array(preceding).optional(),
  supplier: z.strictObject(party),
  customer: z
    .strictObject({
      ...party,
      ext: z.strictObject({ 'ar-arca-vat-status': z.enum(VAT_STATUSES).optional() }).optional(),
    })
    .optional(),
  lines: z.array(line).min(1),
  charges: z.array(charge).optional(),
  ordering: z
    .strictObject({ period: z.strictObject({ start: date, end: date }).optional() })
    .optional(),
  payment: z
    .strictObject({
      terms: z
        .strictObject({
          key: z.string().optional(),
          due_dates: z
            .array(
              z.strictObject({ date, percent: percent.optional(), amount: decimal.optional() }),
            )
            .optional(),
        })
        .optional(),
    })
    .optional(),
  notes: z.array(z.strictObject({ key: z.string().optional(), text: z.string() })).optional(),
  // Calculated by GOBL; recalculated here, never trusted.
  totals: z.record(z.string(), z.unknown()).optional(),
});

/** A GOBL invoice as accepted (amounts still decimal strings). */
export type GoblInvoice = z.output<typeof goblInvoiceSchema>;
export type GoblLine = GoblInvoice['lines'][number];
export type GoblLineTax = NonNullable<GoblLine['taxes']>[number];
