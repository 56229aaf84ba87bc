export { goblInvoiceSchema, isVatStatus } from './invoice-schema';
export type { GoblInvoice, GoblLine, VatStatus } from './invoice-schema';
export { parseInvoice } from './parse-invoice';
export { calculateInvoice } from './calculate-invoice';
export { calculatedDocument } from './calculated-document';
export { buildInvoice, ARCA_ADDON, INVOICE_SCHEMA_ID } from './build-invoice';
export type { BuiltInvoice, BuildOptions } from './build-invoice';
export { argentinaToday } from './argentina-today';
export { correctInvoiceDocument } from './correct-invoice-document';
export type { CorrectionOptions, CorrectionProblem } from './correct-invoice-document';
export { isObject } from './json';
export { Money, toCents, fraction } from './decimal';
export type {
  InvoiceCalculation,
  CalculatedLine,
  VatSubtotal,
  CalculatedCharge,
} from './calculate-invoice';
export { chooseVoucherType, TYPE_A_VAT_STATUSES } from './choose-voucher-type';
export type { VoucherTypeInput } from './choose-voucher-type';
export { chooseConcept } from './choose-concept';
export { customerDocument } from './customer-document';
export type { CustomerDocument } from './customer-document';
export { customerVatStatus, supplierVatStatus } from './customer-vat-status';
export { vatRateId, vatRatePercent } from './vat-rate-id';
export { currencyCode } from './currency-code';
export { saleTerms } from './sale-terms';
export { VOUCHER_TYPES, voucherClassOf } from './voucher-class';
export type { VoucherClass, InvoiceType } from './voucher-class';
export { toFeVoucher } from './to-fe-voucher';
export type { InvoicingSupplier } from './voucher-header';
export { toCtVoucher } from './to-ct-voucher';
export { arcaQrPayload, ctQrPayload, ARCA_QR_URL } from './arca-qr-payload';
export type { ApprovedVoucher } from './arca-qr-payload';
export { INVOICE_PROBLEM_CODES, isInvoiceProblemCode } from './invoice-problem';
export type { InvoiceProblem, InvoiceProblemCode, InvoiceResult } from './invoice-problem';
export { ARCA_INVOICE_CODES, isArcaInvoiceCode } from './arca-invoice-codes';
export type { ArcaInvoiceCode } from './arca-invoice-codes';
export { MAX_INVOICE_LINES } from './arca-formats';
export { dateOutsideWindow } from './arca-date-window';
export { arcaCodeOf } from './arca-code-of-problem';
