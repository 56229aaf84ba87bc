import type { InvoiceProblemCode } from './invoice-problem';

/**
 * The ARCA (WSFEv1) rejection each problem prevents: ours is said before sending, where ARCA's would
 * come back after a round trip. Only codes ARCA has been recorded answering for that cause.
 */
const ARCA_CODE_OF_PROBLEM: Partial<Record<InvoiceProblemCode, number>> = {
  type_a_needs_cuit: 10013,
  cuit_invalid: 10015,
  document_number_invalid: 10015,
  service_period_required: 10049,
  service_due_date_required: 10049,
  vat_status_not_for_type_a: 10242,
  vat_status_type_a_only: 10242,
  vat_status_not_for_customer: 10242,
  type_c_line_taxes: 10071,
  vat_rate_mismatch: 10051,
};

export const arcaCodeOf = (code: string): number | undefined =>
  ARCA_CODE_OF_PROBLEM[code as InvoiceProblemCode];
