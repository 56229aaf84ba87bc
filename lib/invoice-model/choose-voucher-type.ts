import type { Regime } from '@/lib/registration';
import { goblInvoiceRule, type InvoiceProblem, type InvoiceResult } from './invoice-problem';
import {
  USED_GOODS_VOUCHER,
  VOUCHER_TYPES,
  voucherClassOf,
  type InvoiceType,
} from './voucher-class';

/** Customer IVA conditions that receive class A (GOBL's `vatStatusesTypeA`). */
export const TYPE_A_VAT_STATUSES = ['1', '6', '13', '16'] as const;
export const isTypeAVatStatus = (status: string | undefined) =>
  (TYPE_A_VAT_STATUSES as readonly (string | undefined)[]).includes(status);

export interface VoucherTypeInput {
  invoiceType: InvoiceType | 'other';
  /**
   * The supplier's regime, as the registration wizard collected it; undefined when building a
   * document for no registered supplier, where GOBL's `monotax` tag says class C.
   */
  regime?: Regime;
  monotaxTag?: boolean;
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
 * B. A doc type the sender set wins (Factura T and the used-goods voucher 49 are only ever chosen so),
 * when it fits the invoice type, the regime and the customer.
 */
export function chooseVoucherType(input: VoucherTypeInput): InvoiceResult<number> {
  const typeA = isTypeAVatStatus(input.customerVatStatus);
  const outsideIva =
    input.regime === undefined ? !!input.monotaxTag : input.regime !== 'responsable_inscripto';
  const problems: InvoiceProblem[] = [];
  let voucherType: number | undefined;

  if (input.docType !== undefined) {
    voucherType = Number(input.docType);
    const chosen = voucherClassOf(voucherType);
    if (!chosen) return { ok: false, problems: [{ path: DOC_TYPE_PATH, code: 'invalid_value' }] };
    const mismatch = typeMismatch(input.invoiceType, chosen.invoiceType);
    if (mismatch) problems.push({ path: DOC_TYPE_PATH, ...mismatch });
    if (chosen.voucherClass !== 'used-goods' && (chosen.voucherClass === 'C') !== outsideIva)
      problems.push({ path: DOC_TYPE_PATH, code: 'doc_type_regime_mismatch' });
  } else if (input.invoiceType === 'other') {
    problems.push({ path: DOC_TYPE_PATH, code: 'required', rule: goblInvoiceRule(4) });
  } else {
    const voucherClass = outsideIva ? 'C' : typeA ? 'A' : 'B';
    voucherType = VOUCHER_TYPES[voucherClass][input.invoiceType];
  }

  const voucherClass =
    voucherType !== undefined ? voucherClassOf(voucherType)?.voucherClass : undefined;
  // Without a customer there is no status to judge: arcaRules says the customer is missing (rule 09).
  if (voucherClass === 'A' && !typeA && input.customerVatStatus !== undefined)
    problems.push({
      path: VAT_STATUS_PATH,
      code: 'vat_status_not_for_type_a',
      rule: goblInvoiceRule(13),
    });
  if (voucherClass === 'B' && typeA)
    problems.push({
      path: VAT_STATUS_PATH,
      code: 'vat_status_type_a_only',
      rule: goblInvoiceRule(14),
    });
  if (
    voucherType === USED_GOODS_VOUCHER &&
    input.customerVatStatus !== undefined &&
    input.customerVatStatus !== '5'
  )
    problems.push({
      path: VAT_STATUS_PATH,
      code: 'used_goods_seller_final_consumer',
      rule: goblInvoiceRule(12),
    });
  if (problems.length > 0 || voucherType === undefined) return { ok: false, problems };
  return { ok: true, value: voucherType };
}

/** GOBL's rules 05–08: a credit or debit note and its doc type go together. */
function typeMismatch(
  invoiceType: VoucherTypeInput['invoiceType'],
  docInvoiceType: InvoiceType | 'other',
): Omit<InvoiceProblem, 'path'> | undefined {
  if (invoiceType === docInvoiceType) return undefined;
  const code = 'doc_type_invoice_type_mismatch';
  if (invoiceType === 'credit-note') return { code, rule: goblInvoiceRule(5) };
  if (invoiceType === 'debit-note') return { code, rule: goblInvoiceRule(6) };
  if (docInvoiceType === 'credit-note') return { code, rule: goblInvoiceRule(7) };
  if (docInvoiceType === 'debit-note') return { code, rule: goblInvoiceRule(8) };
  return { code };
}
