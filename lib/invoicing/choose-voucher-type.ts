import type { Regime } from '@/lib/registration';
import type { InvoiceProblem, InvoiceResult } from './invoice-problem';
import {
  VOUCHER_TYPES,
  voucherClassOf,
  type InvoiceType,
  type VoucherClass,
} from './voucher-class';

/** Customer IVA conditions that receive class A (GOBL's `vatStatusesTypeA`). */
export const TYPE_A_VAT_STATUSES = ['1', '6', '13', '16'] as const;

export interface VoucherTypeInput {
  invoiceType: InvoiceType;
  /** The supplier's regime, as the registration wizard collected it. */
  regime: Regime;
  /** The customer's `ar-arca-vat-status` (after defaulting); undefined without a customer. */
  customerVatStatus?: string;
  /** `tax.ext.ar-arca-doc-type` when the sender chose it. */
  docType?: string;
}

const DOC_TYPE_PATH = 'tax.ext.ar-arca-doc-type';
const VAT_STATUS_PATH = 'customer.ext.ar-arca-vat-status';

/**
 * The WSFE voucher type (CbteTipo), as GOBL's addon picks it: a supplier outside IVA (monotributista,
 * or exento, who also issues class C) → C; a customer with IVA status 1, 6, 13 or 16 → A; otherwise
 * B. A doc type the sender set wins, when it fits the invoice type, the regime and the customer.
 */
export function chooseVoucherType(input: VoucherTypeInput): InvoiceResult<number> {
  const typeA =
    input.customerVatStatus !== undefined &&
    (TYPE_A_VAT_STATUSES as readonly string[]).includes(input.customerVatStatus);
  const regimeClass: 'C' | 'AB' = input.regime === 'responsable_inscripto' ? 'AB' : 'C';
  let voucherClass: VoucherClass = regimeClass === 'C' ? 'C' : typeA ? 'A' : 'B';
  const problems: InvoiceProblem[] = [];

  if (input.docType !== undefined) {
    const chosen = voucherClassOf(Number(input.docType));
    if (!chosen) return { ok: false, problems: [{ path: DOC_TYPE_PATH, code: 'invalid_value' }] };
    if (chosen.invoiceType !== input.invoiceType)
      problems.push({ path: DOC_TYPE_PATH, code: 'doc_type_invoice_type_mismatch' });
    if ((chosen.voucherClass === 'C') !== (regimeClass === 'C'))
      problems.push({ path: DOC_TYPE_PATH, code: 'doc_type_regime_mismatch' });
    voucherClass = chosen.voucherClass;
  }
  if (voucherClass === 'A' && !typeA)
    problems.push({ path: VAT_STATUS_PATH, code: 'vat_status_not_for_type_a' });
  if (voucherClass === 'B' && typeA)
    problems.push({ path: VAT_STATUS_PATH, code: 'vat_status_type_a_only' });
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, value: VOUCHER_TYPES[voucherClass][input.invoiceType] };
}
