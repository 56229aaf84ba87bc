import { normalizeCuit, validateCuit } from '@/lib/arca';
import { formatPath } from './format-path';
import type { GoblInvoice } from './invoice-schema';
import type { InvoiceResult } from './invoice-problem';
import type { VoucherClass } from './voucher-class';

export interface CustomerDocument {
  DocTipo: number;
  DocNro: string;
}

/**
 * The customer's document for WSFE: a CUIT in `tax_id` → 80; otherwise the first identity with
 * `ar-arca-identity-type` (86 CUIL, 87 CDI, 94 passport, 96 DNI, 80 CUIT); none → 99 / "0", which
 * only class B accepts. Class A needs a CUIT (ARCA's 10013).
 */
export function customerDocument(
  customer: GoblInvoice['customer'],
  voucherClass: VoucherClass,
): InvoiceResult<CustomerDocument> {
  let found: (CustomerDocument & { path: (string | number)[] }) | undefined;
  if (customer?.tax_id) {
    if (customer.tax_id.country !== 'AR')
      return {
        ok: false,
        problems: [{ path: 'customer.tax_id.country', code: 'foreign_tax_id_unsupported' }],
      };
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

  if (!found) {
    if (voucherClass === 'B') return { ok: true, value: { DocTipo: 99, DocNro: '0' } };
    return {
      ok: false,
      problems: [
        { path: 'customer', code: customer ? 'customer_document_required' : 'customer_required' },
      ],
    };
  }
  const path = formatPath(found.path);
  if (voucherClass === 'A' && found.DocTipo !== 80)
    return { ok: false, problems: [{ path, code: 'type_a_needs_cuit' }] };
  if (found.DocTipo === 80 || found.DocTipo === 86) {
    const checked = validateCuit(found.DocNro);
    if (!checked.ok) return { ok: false, problems: [{ path, code: 'cuit_invalid' }] };
    return { ok: true, value: { DocTipo: found.DocTipo, DocNro: checked.cuit } };
  }
  // WSFE's DocNro is a number: a document with letters (some passports) cannot be sent.
  const digits = normalizeCuit(found.DocNro);
  if (!/^\d{1,11}$/.test(digits) || /^0+$/.test(digits))
    return { ok: false, problems: [{ path, code: 'document_number_invalid' }] };
  return { ok: true, value: { DocTipo: found.DocTipo, DocNro: digits.replace(/^0+/, '') } };
}
