import 'server-only';
import { validateCuit } from '@/lib/arca';
import type { Db } from '@/lib/db';
import { validateGoblDocument } from '@/lib/gobl';
import {
  ARCA_ADDON,
  argentinaToday,
  buildInvoice,
  isObject,
  type InvoiceProblem,
} from '@/lib/invoice-model';
import { toSendVoucher } from './send-voucher-kinds';
import { findRegisteredSupplier, type RegisteredSupplier } from '@/lib/registration';
import { ENVELOPE_FIELDS, ENVELOPE_SCHEMA } from '@/lib/silo';
import { findUnstorable } from '@/lib/storable';
import type { EntryProblem } from './entry-problems';

type Json = Record<string, unknown>;

export type CheckedInvoice =
  | { ok: true; doc: Json; supplier: RegisteredSupplier | undefined; pointOfSale: number }
  | { ok: false; problems: EntryProblem[]; supplierProblem?: SupplierProblem };

type SupplierProblem = 'supplier_not_registered' | 'supplier_regime_unknown';

const HEADER_SCHEMA_ID = 'https://gobl.org/draft-0/head/header';

/**
 * Checks an invoice (or an envelope holding one) given at `at` in the request: its shape, its
 * supplier (a registered supplier of the workspace, by CUIT) and every rule of GOBL's Argentina
 * addon and ARCA (lib/invoice-model), reporting every problem at once with its path in the request.
 * Valid, it answers the document as stored: what the client sent, normalised, with its totals.
 */
export async function checkInvoiceRequest(
  db: Db,
  ownerId: string,
  given: Json,
  at: string,
  /** Only building (`POST /silo/v1/gobl/build`): a supplier need not be registered, nor the addon present. */
  { buildOnly = false }: { buildOnly?: boolean } = {},
): Promise<CheckedInvoice> {
  const field = (path: string) => `${at}${path}`.replace(/\.$/, '');
  const unstorable = findUnstorable(given);
  if (unstorable)
    return {
      ok: false,
      problems: [
        { field: field(unstorable.path), code: 'unstorable', message: unstorable.message },
      ],
    };

  const problems: EntryProblem[] = [];
  const isEnvelope = given.$schema === ENVELOPE_SCHEMA;
  if (isEnvelope) {
    for (const name of Object.keys(given)) {
      if (name === 'sigs') problems.push({ field: field(name), code: 'signed_envelope' });
      else if (!ENVELOPE_FIELDS.has(name))
        problems.push({ field: field(name), code: 'unknown_field' });
    }
  }
  const doc = (isEnvelope ? given.doc : given) as Json;
  const docAt = isEnvelope ? `${at}doc.` : at;
  const inDoc = (p: InvoiceProblem): EntryProblem => ({
    field: `${docAt}${p.path}`.replace(/\.$/, ''),
    code: p.code,
    ...(p.rule ? { rule: p.rule } : {}),
  });

  const supplierCuit = supplierCuitOf(doc);
  const supplier = supplierCuit
    ? await findRegisteredSupplier(db, ownerId, supplierCuit)
    : undefined;
  const cuitField = `${docAt}supplier.tax_id.code`;
  let supplierProblem: SupplierProblem | undefined;
  if (supplierCuit && !supplier) supplierProblem = 'supplier_not_registered';
  else if (supplier && !supplier.regime) supplierProblem = 'supplier_regime_unknown';
  if (supplierProblem && !buildOnly) problems.push({ field: cuitField, code: supplierProblem });

  if (isEnvelope && given.head !== undefined)
    for (const p of validateGoblDocument(given.head, HEADER_SCHEMA_ID))
      problems.push({ field: field(p.path ? `head.${p.path}` : 'head'), code: p.code });
  const invoiceProblems: InvoiceProblem[] = [];
  // Without GOBL's Argentina addon a document can be built, but not sent to ARCA.
  if (!buildOnly && !(Array.isArray(doc.$addons) && doc.$addons.includes(ARCA_ADDON)))
    invoiceProblems.push({ path: '$addons', code: 'addon_required' });
  const built = buildInvoice(doc, {
    regime: supplier?.regime ?? undefined,
    today: argentinaToday(),
  });
  if (!built.ok) invoiceProblems.push(...built.problems);
  else if (supplier?.regime && built.value.addon) {
    const voucher = toSendVoucher(
      built.value.doc,
      { cuit: supplier.company.cuit, regime: supplier.regime },
      Number(built.value.doc.series),
    );
    if (!voucher.ok) invoiceProblems.push(...voucher.problems);
  }
  for (const p of invoiceProblems) problems.push(inDoc(p));
  // GOBL's invoice may leave the supplier's tax ID out; ours is how the registration is found.
  if (!buildOnly && !supplierCuit && !problems.some((p) => p.field.startsWith(`${docAt}supplier`)))
    problems.push({ field: cuitField, code: supplierCodeGiven(doc) ? 'cuit_invalid' : 'required' });

  if (problems.length > 0 || !built.ok || (!supplier && !buildOnly))
    return { ok: false, problems, supplierProblem };
  return {
    ok: true,
    doc: built.value.doc,
    supplier,
    pointOfSale: Number(built.value.doc.series),
  };
}

function supplierCodeGiven(doc: Json): boolean {
  return (
    isObject(doc.supplier) &&
    isObject(doc.supplier.tax_id) &&
    doc.supplier.tax_id.code !== undefined
  );
}

function supplierCuitOf(doc: Json): string | undefined {
  const supplier = doc.supplier;
  if (!isObject(supplier) || !isObject(supplier.tax_id)) return undefined;
  const { country, code } = supplier.tax_id;
  if (country !== undefined && country !== 'AR') return undefined;
  const checked = validateCuit(typeof code === 'string' ? code : '');
  return checked.ok ? checked.cuit : undefined;
}
