import 'server-only';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '@/lib/db';
import { DomainError } from '@/lib/errors';
import { isObject } from '@/lib/invoice-model';
import { ENVELOPE_SCHEMA } from '@/lib/silo';
import { checkInvoiceRequest } from './check-invoice-request';
import { invoiceRefusal } from './create-invoice-entry';
import { invoiceDigest } from './invoice-digest';
import { INVOICE_SCHEMA } from './schemas';

type Json = Record<string, unknown>;

/**
 * Builds and validates an invoice (bare or in an envelope) without storing it, with the same
 * checks and answers as creating the entry (`POST /silo/v1/gobl/build`), except that the supplier
 * need not be registered yet and the document may lack the ARCA addon: GOBL builds those too. The
 * built invoice, or an envelope around it when asked or when one was given.
 */
export async function buildInvoiceDocument(
  db: Db,
  ownerId: string,
  data: unknown,
  envelop: boolean,
): Promise<Json> {
  const given = isObject(data) ? data : undefined;
  const isEnvelope = given?.$schema === ENVELOPE_SCHEMA;
  const doc = isEnvelope && isObject(given.doc) ? given.doc : given;
  if (!given || doc?.$schema !== INVOICE_SCHEMA)
    throw new DomainError({
      kind: 'invalid',
      code: 'schema_not_supported',
      detail: `Only GOBL invoices (${INVOICE_SCHEMA}), bare or in an envelope (${ENVELOPE_SCHEMA}), are built here.`,
      fields: { 'data.$schema': `invalid_value: It must be ${INVOICE_SCHEMA}.` },
    });
  const checked = await checkInvoiceRequest(db, ownerId, given, 'data.', { buildOnly: true });
  if (!checked.ok) throw invoiceRefusal(checked);
  if (!envelop && !isEnvelope) return checked.doc;
  const head = isEnvelope && isObject(given.head) ? given.head : {};
  return {
    $schema: ENVELOPE_SCHEMA,
    head: {
      ...head,
      uuid: typeof head.uuid === 'string' ? head.uuid : uuidv7(),
      dig: invoiceDigest(checked.doc),
    },
    doc: checked.doc,
  };
}
