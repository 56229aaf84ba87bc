import { arcaCodeOf, type InvoiceProblemCode } from '@/lib/invoice-model';
import en from '@/messages/en.json';

/** Problems of an invoice entry that are not the invoice's own: who sends it, and how it is wrapped. */
export const ENTRY_PROBLEM_CODES = [
  'supplier_not_registered',
  'supplier_regime_unknown',
  'signed_envelope',
  'unstorable',
] as const;
export type EntryProblemCode = (typeof ENTRY_PROBLEM_CODES)[number];

/** One bad field of the request: its path in the request (`data.lines[0].item.price`) and why. */
export interface EntryProblem {
  field: string;
  code: InvoiceProblemCode | EntryProblemCode;
  /** GOBL's rule id, where the problem breaks one of GOBL's rules. */
  rule?: string;
  /** Set when the message is not the code's own (text the database cannot store says where and why). */
  message?: string;
}

const MESSAGES: Record<string, string> = {
  ...en.invoicing.problems,
  ...en.invoiceEntries.problems,
};

/**
 * The API's `fields`: each path with `code: explanation` in English, so that a program can read the
 * code (the key of `invoicing.problems` / `invoiceEntries.problems` for people), and GOBL's rule id
 * in brackets beside it where the problem breaks one of GOBL's rules, and a developer the sentence.
 * The ARCA code it prevents goes in the brackets too (`type_a_needs_cuit (…, ARCA 10013): …`).
 * The first problem of a field is kept.
 */
export function problemFields(problems: EntryProblem[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const p of problems) {
    const arca = arcaCodeOf(p.code);
    const refs = [p.rule, arca && `ARCA ${arca}`].filter(Boolean).join(', ');
    fields[p.field] ??=
      `${p.code}${refs ? ` (${refs})` : ''}: ${p.message ?? MESSAGES[p.code] ?? p.code}`;
  }
  return fields;
}

/** The API's `arca_codes`: each field whose problem prevents an ARCA rejection, with ARCA's code. */
export function problemArcaCodes(problems: EntryProblem[]): Record<string, number> | undefined {
  const codes: Record<string, number> = {};
  for (const p of problems) {
    const arca = arcaCodeOf(p.code);
    if (arca) codes[p.field] ??= arca;
  }
  return Object.keys(codes).length ? codes : undefined;
}
