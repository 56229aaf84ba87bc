import { ENVELOPE_SCHEMA } from '@/lib/silo';
import { INVOICE_SCHEMA } from './schemas';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/** Whether a create-entry body holds a GOBL invoice (in `data` or at the top level), bare or in an envelope. */
export function isInvoiceRequest(body: unknown): boolean {
  if (!isObject(body)) return false;
  const given = isObject(body.data) ? body.data : body;
  const doc = given.$schema === ENVELOPE_SCHEMA && isObject(given.doc) ? given.doc : given;
  return doc.$schema === INVOICE_SCHEMA;
}
