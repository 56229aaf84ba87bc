import { cuitCheckDigit, normalizeCuit, validateCuit } from '@/lib/arca';
import { formatPath } from './format-path';
import type { GoblInvoice } from './invoice-schema';
import type { InvoiceResult } from './invoice-problem';
import type { VoucherClass } from './voucher-class';

export interface CustomerDocument {
  DocTipo: number;
  DocNro: string;
}

/**
 * ARCA's generic CUIT of a country (CUIT país: 50 a natural person, 55 a company, 51 other
 * entities), which ARCA lists for customers abroad; its check digit is a CUIT's.
 */
function isCountryCuit(code: string): boolean {
  const digits = normalizeCuit(code);
  return /^5[015]\d{9}$/.test(digits) && cuitCheckDigit(digits.slice(0, 10)) === Number(digits[10]);
}

/** Classes that ARCA lets go to an unidentified customer (DocTipo 99, DocNro 0) below its threshold. */
const UNIDENTIFIED_ALLOWED: readonly VoucherClass[] = ['B', 'C', 'used-goods'];

/**
 * The customer's document for WSFE: an Argentine `tax_id` → 80 (CUIT); otherwise the first identity
 * with `ar-arca-identity-type` (80 CUIT, also a country's generic CUIT for a foreign customer; 86
 * CUIL, 87 CDI, 91 foreign CI, 94 passport, 96 DNI, …); none (no customer, a name only, or a foreign
 * tax ID ARCA has no document type for) → 99 / "0", which ARCA takes for classes B and C and the
 * used-goods voucher below its identification threshold (checked by the caller). Class A needs a
 * CUIT (ARCA's 10013).
 */
export function customerDocument(
  customer: GoblInvoice['customer'],
  voucherClass: VoucherClass,
): InvoiceResult<CustomerDocument> {
  let found: (CustomerDocument & { path: (string | number)[] }) | undefined;
  if (customer?.tax_id && customer.tax_id.country === 'AR') {
    found = { DocTipo: 80, DocNro: customer.tax_id.code, path: ['customer', 'tax_id', 'code'] };
  } else {
    const index =
      customer?.identities?.findIndex((id) => id.ext?.['ar-arca-identity-type'] !== undefined) ??
      -1;
    const identity = index >= 0 ? customer!.identities![index]! : undefined;
    if (identity) {
      found = {
        DocTipo: Number(identity.ext!['ar-arca-identity-type']),
        DocNro: identity.code,
        path: ['customer', 'identities', index, 'code'],
      };
    }
  }

  if (!found || found.DocTipo === 99) {
    if (UNIDENTIFIED_ALLOWED.includes(voucherClass))
      return { ok: true, value: { DocTipo: 99, DocNro: '0' } };
    return {
      ok: false,
      problems: [
        customer?.tax_id
          ? { path: 'customer.tax_id.country', code: 'foreign_tax_id_unsupported' }
          : {
              path: 'customer',
              code: customer ? 'customer_document_required' : 'customer_required',
            },
      ],
    };
  }
  const path = formatPath(found.path);
  const abroad = !!customer?.tax_id && customer.tax_id.country !== 'AR';
  if (voucherClass === 'A' && found.DocTipo !== 80)
    return { ok: false, problems: [{ path, code: 'type_a_needs_cuit' }] };
  if (found.DocTipo === 80 || found.DocTipo === 86) {
    const checked = validateCuit(found.DocNro);
    if (checked.ok) return { ok: true, value: { DocTipo: found.DocTipo, DocNro: checked.cuit } };
    if (!(abroad && found.DocTipo === 80 && isCountryCuit(found.DocNro)))
      return { ok: false, problems: [{ path, code: 'cuit_invalid' }] };
    return { ok: true, value: { DocTipo: 80, DocNro: normalizeCuit(found.DocNro) } };
  }
  // WSFE's DocNro is a number: a document with letters (some passports) cannot be sent.
  const digits = normalizeCuit(found.DocNro);
  if (!/^\d{1,11}$/.test(digits) || /^0+$/.test(digits))
    return { ok: false, problems: [{ path, code: 'document_number_invalid' }] };
  return { ok: true, value: { DocTipo: found.DocTipo, DocNro: digits.replace(/^0+/, '') } };
}
