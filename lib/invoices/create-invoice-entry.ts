import 'server-only';
import type { Db } from '@/lib/db';
import { DomainError } from '@/lib/errors';
import { requestHash } from '@/lib/idempotency';
import { signEnvelope, workspaceSigner } from '@/lib/signing';
import {
  ENVELOPE_SCHEMA,
  getEntry,
  readEntryRequest,
  storeEntry,
  type Entry,
  type EntryRequest,
} from '@/lib/silo';
import { checkInvoiceRequest, type CheckedInvoice } from './check-invoice-request';
import { problemArcaCodes, problemFields } from './entry-problems';
import { invoiceDigest } from './invoice-digest';
import { requireEditableInvoice } from './invoice-editability';
import { INVOICE_FOLDER, INVOICE_SCHEMA } from './schemas';

/**
 * Creates an invoice entry once: a GOBL envelope holding the checked, calculated invoice of a
 * registered supplier of the workspace, in state `empty`, with no number until it is sent to ARCA.
 * Same request again (same id, or same key) → the stored entry, `created: false`; the same id or key
 * with another invoice → a conflict. Every bad field is named at once (422).
 */
export async function createInvoiceEntry(
  db: Db,
  ownerId: string,
  request: EntryRequest,
): Promise<{ entry: Entry; created: boolean }> {
  // The invoice's own check names any unknown top-level field.
  const { key, folder = INVOICE_FOLDER, given, at, sign } = readEntryRequest(request, () => null);
  const checked = await checkInvoiceRequest(db, ownerId, given, at);
  if (!checked.ok) throw invoiceRefusal(checked);
  const { doc } = checked;
  // Invopop's `sign`: the envelope is signed as stored (and again when sending stamps its head).
  const signer = sign ? await workspaceSigner(db, ownerId) : undefined;
  const envelope = (id: string) => ({
    $schema: ENVELOPE_SCHEMA,
    head: { uuid: id, dig: invoiceDigest(doc) },
    doc,
  });
  const stored = storeEntry(db, ownerId, {
    clientId: request.id,
    key,
    folder,
    docSchema: INVOICE_SCHEMA,
    envSchema: ENVELOPE_SCHEMA,
    // `sign` is hashed only when asked for: requests stored before it existed keep their hash.
    requestHash: requestHash({ key, folder, doc, ...(sign ? { sign } : {}) }),
    data: (id) => (signer ? signEnvelope(signer, envelope(id)) : envelope(id)),
  });
  return request.id
    ? stored.catch((error) => explainedConflict(db, ownerId, request.id!, error))
    : stored;
}

/**
 * A PUT of other contents on an existing invoice says what can be done: a sent invoice is corrected
 * by a note, an unsent one is updated with PATCH.
 */
async function explainedConflict(
  db: Db,
  ownerId: string,
  id: string,
  error: unknown,
): Promise<never> {
  if (!(error instanceof DomainError) || error.code !== 'entry_conflict') throw error;
  const entry = await getEntry(db, ownerId, id.toLowerCase());
  if (!entry || entry.docSchema !== INVOICE_SCHEMA) throw error;
  await requireEditableInvoice(db, entry);
  throw new DomainError({
    kind: 'conflict',
    code: 'entry_conflict',
    detail: `An invoice with id ${entry.id} already exists with different contents: to change it while it is unsent, use PATCH /silo/v1/entries/${entry.id}.`,
  });
}

/** The one refusal of an invoice that does not pass its checks: every field named (422). */
export function invoiceRefusal(checked: Extract<CheckedInvoice, { ok: false }>): DomainError {
  const code = checked.supplierProblem ?? 'invalid_invoice';
  const listed = checked.problems.map(
    (p) => `${p.field} (${p.rule ? `${p.code}, ${p.rule}` : p.code})`,
  );
  return new DomainError({
    kind: code === 'supplier_regime_unknown' ? 'precondition' : 'invalid',
    code,
    detail: `${DETAILS[code]} Problems: ${listed.join(', ')}.`,
    messageKey: `invoiceEntries.errors.${code}`,
    fields: problemFields(checked.problems),
    arcaCodes: problemArcaCodes(checked.problems),
  });
}

const DETAILS = {
  invalid_invoice: 'The invoice has invalid fields, each named in `fields` with its problem code.',
  supplier_not_registered:
    "The invoice's supplier (its supplier.tax_id.code) is not a supplier of this workspace whose ARCA registration is complete: complete its registration before invoicing.",
  supplier_regime_unknown:
    "The supplier's registration has no IVA regime (monotributista, responsable inscripto or exento), which decides the voucher type: choose it in the registration wizard's first step.",
} as const;
