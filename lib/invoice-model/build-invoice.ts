import { validateGoblDocument } from '@/lib/gobl';
import type { Regime } from '@/lib/registration';
import { MAX_INVOICE_LINES } from './arca-formats';
import { arcaRules, hasMonotaxTag } from './arca-rules';
import { calculateInvoice, type InvoiceCalculation } from './calculate-invoice';
import { calculatedDocument } from './calculated-document';
import { chooseConcept } from './choose-concept';
import { chooseVoucherType } from './choose-voucher-type';
import { customerVatStatus } from './customer-vat-status';
import type { GoblInvoice } from './invoice-schema';
import { goblInvoiceRule, type InvoiceProblem, type InvoiceResult } from './invoice-problem';
import { normalizeVatCombo, sortedKeys } from './normalize-vat-combo';
import { parseInvoice } from './parse-invoice';
import { dropUndefined, isObject } from './json';

type Json = Record<string, unknown>;

export const INVOICE_SCHEMA_ID = 'https://gobl.org/draft-0/bill/invoice';
export const ARCA_ADDON = 'ar-arca-v4';

export interface BuildOptions {
  /** The registered supplier's regime: it decides class C over A and B (GOBL reads a `monotax` tag). */
  regime?: Regime;
  /** Today in Argentina (yyyy-mm-dd): GOBL's default issue date. */
  today: string;
}

export interface BuiltInvoice {
  /** The document as GOBL's build writes it. */
  doc: Json;
  invoice: GoblInvoice;
  calculation: InvoiceCalculation;
  /** Whether it carries the `ar-arca-v4` addon (without it, it cannot be sent to ARCA). */
  addon: boolean;
}

/**
 * Builds an Argentine invoice as GOBL's `Calculate()` does: checks it against GOBL's schemas, fills
 * in the defaults (type, currency, issue date, regime), normalises each VAT combo, sets the addon's
 * extensions (customer VAT status, concept, doc type), calculates lines, charges, discounts, due
 * dates and totals, then applies GOBL's rules for the addon. Every problem at once.
 */
export function buildInvoice(given: Json, options: BuildOptions): InvoiceResult<BuiltInvoice> {
  // Before any other work: the cost of every check below grows with the lines.
  if (Array.isArray(given.lines) && given.lines.length > MAX_INVOICE_LINES)
    return { ok: false, problems: [{ path: 'lines', code: 'too_many_lines' }] };
  const input = withCleanTaxIds(given);
  const problems: InvoiceProblem[] = validateGoblDocument(input, INVOICE_SCHEMA_ID);
  if (input.$schema !== undefined && input.$schema !== INVOICE_SCHEMA_ID)
    problems.push({ path: '$schema', code: 'invalid_value' });
  const addon = Array.isArray(input.$addons) && input.$addons.includes(ARCA_ADDON);
  const normalized = normalize(input, addon, options);

  if (addon && options.regime && hasMonotaxTag(input) && options.regime === 'responsable_inscripto')
    problems.push({ path: '$tags', code: 'regime_tag_mismatch' });
  const parsed = parseInvoice(normalized);
  // GOBL's schema says first what is wrong with a field; our reading adds what it does not say.
  if (!parsed.ok) {
    const named = new Set(problems.map((p) => p.path));
    problems.push(...parsed.problems.filter((p) => !named.has(p.path)).map(withRule(addon)));
  }
  if (!parsed.ok || problems.length > 0) return { ok: false, problems };
  const calculation = calculateInvoice(parsed.value);
  // GOBL's rules need no totals: a line the calculation refuses hides none of them. Both may name
  // one field for one reason (a charge's missing percent): it is said once, with its rule.
  if (!calculation.ok)
    return {
      ok: false,
      problems: once([
        ...calculation.problems.map(withRule(addon)),
        ...arcaRules(normalized, { addon, regime: options.regime }),
      ]),
    };
  const doc = calculatedDocument(normalized, calculation.value, { addon });
  problems.push(...arcaRules(doc, { addon, regime: options.regime }));
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, value: { doc, invoice: parsed.value, calculation: calculation.value, addon } };
}

/**
 * GOBL normalises a tax ID's code before checking it: upper case, without the separators people
 * write (`30-70707070-2` → `30707070702`).
 */
function withCleanTaxIds(input: Json): Json {
  const clean = (party: unknown) => {
    if (!isObject(party) || !isObject(party.tax_id) || typeof party.tax_id.code !== 'string')
      return party;
    const code = party.tax_id.code.toUpperCase().replace(/[\s\-./,_:]/g, '');
    return { ...party, tax_id: { ...party.tax_id, code } };
  };
  return {
    ...input,
    ...(input.supplier !== undefined ? { supplier: clean(input.supplier) } : {}),
    ...(input.customer !== undefined ? { customer: clean(input.customer) } : {}),
  };
}

/** Problems our reading finds before the rules run that are GOBL rules too, with their ids. */
const withRule =
  (addon: boolean) =>
  (problem: InvoiceProblem): InvoiceProblem => {
    if (!addon || problem.rule) return problem;
    if (problem.path === 'series' && problem.code === 'series_range')
      return { ...problem, rule: goblInvoiceRule(2) };
    if (/^lines\[\d+\]\.taxes\[\d+\]/.test(problem.path) && problem.code === 'vat_rate_unsupported')
      return { ...problem, rule: 'GOBL-AR-ARCA-TAX-COMBO-01' };
    return problem;
  };

function once(problems: InvoiceProblem[]): InvoiceProblem[] {
  const seen = new Map<string, InvoiceProblem>();
  for (const p of problems) {
    const key = `${p.path}\u0000${p.code}`;
    const held = seen.get(key);
    if (!held || (!held.rule && p.rule)) seen.set(key, p);
  }
  return [...seen.values()];
}

/** GOBL writes every amount as a string, a JSON number too ("2", "0.1"). */
const asText = (value: unknown) => (typeof value === 'number' ? String(value) : value);

function normalize(input: Json, addon: boolean, { regime, today }: BuildOptions): Json {
  const { $schema, $regime, $addons, ...rest } = input;
  const lines = Array.isArray(input.lines)
    ? (input.lines as Json[]).map((line) => {
        const item = isObject(line.item)
          ? { ...line.item, price: asText(line.item.price) }
          : line.item;
        return dropUndefined({
          ...line,
          quantity: asText(line.quantity),
          item,
          taxes: Array.isArray(line.taxes)
            ? (line.taxes as Json[]).map((c) => normalizeVatCombo(c, addon))
            : undefined,
        });
      })
    : input.lines;
  const doc: Json = {
    $schema: $schema ?? INVOICE_SCHEMA_ID,
    $regime: $regime ?? 'AR',
    ...($addons !== undefined ? { $addons } : {}),
    ...rest,
    type: input.type ?? 'standard',
    issue_date: input.issue_date ?? today,
    currency: input.currency ?? 'ARS',
    lines,
  };
  if (!addon) return doc;

  const customer = isObject(input.customer) ? input.customer : undefined;
  let vatStatus: string | undefined;
  if (customer) {
    const ext = isObject(customer.ext) ? customer.ext : {};
    const status = customerVatStatus(customer as GoblInvoice['customer']);
    vatStatus =
      typeof ext['ar-arca-vat-status'] === 'string' ? ext['ar-arca-vat-status'] : undefined;
    if (vatStatus === undefined && status.ok) {
      vatStatus = status.value;
      doc.customer = { ...customer, ext: sortedKeys({ ...ext, 'ar-arca-vat-status': vatStatus }) };
    }
  }
  const tax = isObject(input.tax) ? input.tax : {};
  const ext: Json = isObject(tax.ext) ? { ...tax.ext } : {};
  if (Array.isArray(lines) && lines.length > 0 && ext['ar-arca-concept'] === undefined)
    ext['ar-arca-concept'] = String(
      chooseConcept(
        (lines as Json[]).map((l) => ({
          item: isObject(l.item) ? (l.item as { key?: string }) : {},
        })),
      ),
    );
  const type = doc.type as string;
  if (ext['ar-arca-doc-type'] === undefined && type !== 'other') {
    const chosen = chooseVoucherType({
      invoiceType: type as 'standard',
      regime,
      monotaxTag: hasMonotaxTag(input),
      customerVatStatus: vatStatus,
    });
    if (chosen.ok) ext['ar-arca-doc-type'] = String(chosen.value);
  }
  if (Object.keys(ext).length > 0) doc.tax = { ...tax, ext: sortedKeys(ext) };
  return doc;
}
