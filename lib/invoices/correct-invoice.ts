import 'server-only';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '@/lib/db';
import { DomainError } from '@/lib/errors';
import { argentinaToday, correctInvoiceDocument, isObject } from '@/lib/invoice-model';
import { ENVELOPE_SCHEMA } from '@/lib/silo';
import { checkInvoiceRequest } from './check-invoice-request';
import { readCorrectionOptions } from './correction-options';
import { invoiceRefusal } from './create-invoice-entry';
import { invoiceDigest } from './invoice-digest';
import { INVOICE_SCHEMA } from './schemas';

type Json = Record<string, unknown>;

/**
 * GOBL's correction (`POST /silo/v1/gobl/correct`, the console's «Emitir nota de crédito»): the
 * credit or debit note of a sent invoice (bare or in an envelope), built and checked as creating an
 * entry checks it, not stored. An envelope in, an envelope out (a new uuid); a bare invoice, a bare note.
 */
export async function correctInvoice(
  db: Db,
  ownerId: string,
  data: unknown,
  options: unknown,
): Promise<Json> {
  const given = isObject(data) ? data : undefined;
  const isEnvelope = given?.$schema === ENVELOPE_SCHEMA;
  const original = isEnvelope && isObject(given.doc) ? given.doc : given;
  if (!original || original.$schema !== INVOICE_SCHEMA)
    throw new DomainError({
      kind: 'invalid',
      code: 'schema_not_supported',
      detail: `Only GOBL invoices (${INVOICE_SCHEMA}), bare or in an envelope (${ENVELOPE_SCHEMA}), are corrected here.`,
      fields: { 'data.$schema': `invalid_value: It must be ${INVOICE_SCHEMA}.` },
    });
  const corrected = correctInvoiceDocument(
    original,
    readCorrectionOptions(options),
    argentinaToday(),
  );
  if (!corrected.ok)
    throw new DomainError({
      kind: 'invalid',
      code: 'invoice_not_correctable',
      detail:
        'Only an invoice ARCA approved (with its code and tax.ext.ar-arca-doc-type) is corrected by a note; an unsent one is updated instead (PATCH /silo/v1/entries/{id}).',
      messageKey: 'invoiceEntries.errors.invoice_not_correctable',
      fields: Object.fromEntries(
        corrected.problems.map((p) => [`data.${isEnvelope ? 'doc.' : ''}${p.path}`, p.code]),
      ),
    });
  const checked = await checkInvoiceRequest(db, ownerId, corrected.doc, '', { buildOnly: true });
  if (!checked.ok) throw invoiceRefusal(checked);
  if (!isEnvelope) return checked.doc;
  return {
    $schema: ENVELOPE_SCHEMA,
    head: { uuid: uuidv7(), dig: invoiceDigest(checked.doc) },
    doc: checked.doc,
  };
}
