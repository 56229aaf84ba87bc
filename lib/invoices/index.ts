// The console's reading and sending of invoice entries (inv-console).
export { listInvoices, INVOICE_STATES } from './list-invoices';
export type { InvoiceFilters, InvoiceState } from './list-invoices';
export { getInvoice } from './get-invoice';
export type { InvoiceDetail } from './get-invoice';
export type { InvoiceSummary } from './invoice-summary';
export { formatInvoiceNumber } from './invoice-number';
export { INVOICE_SCHEMA, INVOICES_FOLDER, STAMP } from './invoice-envelope';
export type { Stamp } from './invoice-envelope';
export { ARCA_RESPONSE } from './arca-response';
export type { ArcaResponse, ArcaMessage } from './arca-response';
export { startInvoiceSend, INVOICE_TEMPLATE } from './start-invoice-send';
