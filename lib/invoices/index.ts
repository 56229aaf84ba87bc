export { createInvoiceEntry } from './create-invoice-entry';
export { isInvoiceRequest } from './is-invoice-request';
export { invoiceDigest } from './invoice-digest';
export { INVOICE_SCHEMA, INVOICE_FOLDER } from './schemas';
export { ENTRY_PROBLEM_CODES } from './entry-problems';
export type { EntryProblemCode } from './entry-problems';
