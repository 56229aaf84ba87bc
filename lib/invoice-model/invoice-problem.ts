/** Every problem the invoice checks report; each has a message under `invoicing.problems`. */
export const INVOICE_PROBLEM_CODES = [
  // Shape (the schema)
  'required',
  'unknown_field',
  'invalid_type',
  'invalid_value',
  'invalid_decimal',
  'invalid_date',
  'invalid_percent',
  'not_positive',
  'negative',
  'too_few',
  'series_range',
  'addon_required',
  'period_reversed',
  // Rules (GOBL's Argentina addon and ARCA's)
  'supplier_cuit_mismatch',
  'series_mismatch',
  'doc_type_invoice_type_mismatch',
  'doc_type_regime_mismatch',
  'vat_status_not_for_type_a',
  'vat_status_type_a_only',
  'vat_status_not_for_customer',
  'customer_required',
  'customer_document_required',
  'type_a_needs_cuit',
  'cuit_invalid',
  'foreign_tax_id_unsupported',
  'document_number_invalid',
  'concept_mismatch',
  'service_period_required',
  'service_due_date_required',
  'goods_due_date_not_allowed',
  'preceding_required',
  'preceding_not_allowed',
  'type_c_line_taxes',
  'vat_required',
  'vat_rate_unsupported',
  'vat_rate_mismatch',
  'currency_unsupported',
  'exchange_rate_required',
  'total_not_positive',
  'used_goods_seller_final_consumer',
  'tourism_type_required',
  'tourism_item_required',
  'tourism_vat_rate',
  'tourism_customer_address_required',
  'customer_tax_id_or_identity_required',
  'tax_type_required',
  'series_required',
  'charge_not_supported',
  'discount_not_supported',
  'identity_threshold',
  'regime_tag_mismatch',
  'voucher_type_not_wsfe',
  'voucher_type_not_wsct',
  'tourism_country_unsupported',
  'tourism_refund_mismatch',
  'amount_too_large',
  'too_many_lines',
  'rounding_unsupported',
] as const;
export type InvoiceProblemCode = (typeof INVOICE_PROBLEM_CODES)[number];

/** One bad field: its path in the GOBL document ("lines[2].item.price") and why. */
export interface InvoiceProblem {
  path: string;
  code: InvoiceProblemCode;
  /** The id of GOBL's rule it breaks (`GOBL-AR-ARCA-BILL-INVOICE-05`), where GOBL has one. */
  rule?: string;
}

/** The id of GOBL's addon rule `GOBL-AR-ARCA-BILL-INVOICE-<n>` (two digits). */
export const goblInvoiceRule = (n: number) =>
  `GOBL-AR-ARCA-BILL-INVOICE-${String(n).padStart(2, '0')}`;

export type InvoiceResult<T> = { ok: true; value: T } | { ok: false; problems: InvoiceProblem[] };

export function isInvoiceProblemCode(code: string): code is InvoiceProblemCode {
  return (INVOICE_PROBLEM_CODES as readonly string[]).includes(code);
}
