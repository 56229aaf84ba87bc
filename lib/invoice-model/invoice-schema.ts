import { z } from 'zod';

// The fields of GOBL's `bill/invoice` (with the `ar-arca-v4` addon) that the calculation and the
// WSFE mapping read, typed. Which fields exist at all is GOBL's schema's to say (lib/gobl, checked
// first): objects here are loose, so every other field GOBL defines passes through untouched.
// Refinement messages are problem codes (lib/invoice-model/invoice-problem.ts).

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

/** The WSFEv1 voucher types we issue (lib/invoice-model/voucher-class.ts). */
export const DOC_TYPES = [
  '1',
  '2',
  '3',
  '6',
  '7',
  '8',
  '11',
  '12',
  '13',
  '49',
  '195',
  '196',
  '197',
] as const;
/** CondicionIVAReceptorId: ARCA's IVA conditions (FEParamGetCondicionIvaReceptor). */
export const VAT_STATUSES = ['1', '4', '5', '6', '7', '8', '9', '10', '13', '15', '16'] as const;
export type VatStatus = (typeof VAT_STATUSES)[number];
export const isVatStatus = (value: string | null): value is VatStatus =>
  (VAT_STATUSES as readonly (string | null)[]).includes(value);
// The addon's identity types (ARCA's DocTipo catalogue, FEParamGetTiposDoc).
const IDENTITY_TYPES = [
  ...Array.from({ length: 25 }, (_, n) => String(n).padStart(2, '0')).filter((c) => c !== '15'),
  ...['80', '86', '87', '89', '90', '91', '92', '93', '94', '95', '96', '99'],
] as const;
const VAT_RATE_CODES = ['3', '4', '5', '6', '8', '9'] as const;
const TOURISM_ITEMS = ['1', '2', '5'] as const;
const TOURISM_TYPES = ['1', '2', '3', '4', '5', '6'] as const;
const TAX_TYPES = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '13', '99'] as const;

const taxId = z.looseObject({
  country: z.string().regex(/^[A-Z]{2}$/),
  code: z.string().min(1),
  type: z.string().optional(),
});
const identity = z.looseObject({
  key: z.string().optional(),
  type: z.string().optional(),
  code: z.string().min(1),
  ext: z.looseObject({ 'ar-arca-identity-type': z.enum(IDENTITY_TYPES).optional() }).optional(),
});
const address = z.looseObject({
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
  emails: z.array(z.looseObject({ addr: z.string() })).optional(),
  telephones: z.array(z.looseObject({ num: z.string() })).optional(),
};

const lineTax = z.looseObject({
  cat: z.literal('VAT'),
  key: z.enum(['standard', 'zero', 'exempt', 'outside-scope']).optional(),
  rate: z.enum(['zero', 'super-reduced', 'reduced', 'general', 'standard', 'increased']).optional(),
  percent: percent.optional(),
  ext: z
    .looseObject({
      'ar-arca-vat-rate': z.enum(VAT_RATE_CODES).optional(),
      'ar-arca-tourism-item': z.enum(TOURISM_ITEMS).optional(),
    })
    .optional(),
});

const discount = z.looseObject({
  percent: percent.optional(),
  amount: nonNegativeDecimal.optional(),
  reason: z.string().optional(),
});

const line = z.looseObject({
  // Calculated fields a GOBL client may send back; we recalculate them, as GOBL does.
  i: z.number().int().optional(),
  sum: decimal.optional(),
  total: decimal.optional(),
  quantity: positiveDecimal,
  item: z.looseObject({
    name: z.string().min(1),
    price: nonNegativeDecimal,
    // GOBL's item keys are open; any but `goods` is a service for ARCA's concept.
    key: z.string().optional(),
    unit: z.string().optional(),
    ref: z.string().optional(),
  }),
  discounts: z.array(discount).optional(),
  taxes: z.array(lineTax).optional(),
});

const charge = z.looseObject({
  key: z.string().optional(),
  percent: percent.optional(),
  amount: nonNegativeDecimal.optional(),
  base: nonNegativeDecimal.optional(),
  reason: z.string().optional(),
  ext: z.looseObject({ 'ar-arca-tax-type': z.enum(TAX_TYPES).optional() }).optional(),
});

const preceding = z.looseObject({
  uuid: z.string().optional(),
  type: z.string().optional(),
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
  ext: z.looseObject({ 'ar-arca-doc-type': z.enum(DOC_TYPES).optional() }).optional(),
});

export const goblInvoiceSchema = z.looseObject({
  $schema: z.literal('https://gobl.org/draft-0/bill/invoice'),
  $addons: z.array(z.string()).optional(),
  $regime: z.literal('AR').optional(),
  $tags: z.array(z.string()).optional(),
  uuid: z.string().optional(),
  type: z.enum(['standard', 'credit-note', 'debit-note', 'other']).default('standard'),
  series: z
    .union([z.string(), z.number()])
    .transform(String)
    .refine((v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 99998, {
      message: 'series_range',
    })
    .optional(),
  // Kept as the client wrote it until the invoice is sent; then it is ARCA's number.
  code: z.string().optional(),
  issue_date: date,
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .default('ARS'),
  exchange_rates: z
    .array(z.looseObject({ from: z.string(), to: z.string(), amount: positiveDecimal }))
    .optional(),
  tax: z
    .looseObject({
      // The tax category the prices already include: "VAT" (IVA) is the one that changes the totals.
      prices_include: z.string().optional(),
      rounding: z.string().optional(),
      ext: z
        .looseObject({
          'ar-arca-doc-type': z.enum(DOC_TYPES).optional(),
          'ar-arca-concept': z.enum(['1', '2', '3']).optional(),
          'ar-arca-tourism-type': z.enum(TOURISM_TYPES).optional(),
        })
        .optional(),
    })
    .optional(),
  preceding: z.array(preceding).optional(),
  supplier: z.looseObject(party),
  customer: z
    .looseObject({
      ...party,
      ext: z.looseObject({ 'ar-arca-vat-status': z.enum(VAT_STATUSES).optional() }).optional(),
    })
    .optional(),
  lines: z.array(line).min(1),
  charges: z.array(charge).optional(),
  discounts: z.array(charge).optional(),
  ordering: z
    .looseObject({ period: z.looseObject({ start: date, end: date }).optional() })
    .optional(),
  payment: z
    .looseObject({
      terms: z
        .looseObject({
          key: z.string().optional(),
          due_dates: z
            .array(z.looseObject({ date, percent: percent.optional(), amount: decimal.optional() }))
            .optional(),
        })
        .optional(),
    })
    .optional(),
  notes: z.array(z.looseObject({ key: z.string().optional(), text: z.string() })).optional(),
  // Calculated by GOBL; recalculated here, never trusted.
  totals: z.record(z.string(), z.unknown()).optional(),
});

/** A GOBL invoice as accepted (amounts still decimal strings). */
export type GoblInvoice = z.output<typeof goblInvoiceSchema>;
export type GoblLine = GoblInvoice['lines'][number];
export type GoblLineTax = NonNullable<GoblLine['taxes']>[number];
