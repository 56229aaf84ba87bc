import type { StepHandlers } from '@/lib/transform';
import { createInvoiceStep } from './invoice-step';

export { createInvoiceEntry } from './create-invoice-entry';
export { buildInvoiceDocument } from './build-invoice-document';
export { isInvoiceRequest } from './is-invoice-request';
export { invoiceDigest } from './invoice-digest';
export { INVOICE_SCHEMA, INVOICE_FOLDER } from './schemas';
export { ENTRY_PROBLEM_CODES } from './entry-problems';
export type { EntryProblemCode } from './entry-problems';
export { listInvoices, INVOICE_STATES } from './list-invoices';
export type { InvoiceFilters, InvoiceState } from './list-invoices';
export { getInvoice } from './get-invoice';
export type { InvoiceDetail } from './get-invoice';
export type { InvoiceSummary } from './invoice-summary';
export { invoiceHeadline } from './invoice-headline';
export type { InvoiceHeadline } from './invoice-headline';
export { STAMP } from './invoice-envelope';
export type { Stamp } from './invoice-envelope';
export { ARCA_RESPONSE } from './arca-response';
export type { ArcaResponse, ArcaMessage } from './arca-response';
export { startInvoiceSend } from './start-invoice-send';

export { createInvoiceStep } from './invoice-step';
export type { InvoiceStepOptions } from './invoice-step';
export { displayNumber } from './display-number';

/** The invoices domain's workflow steps, for the runner's step registry (lib/workflow-steps). */
export const INVOICE_STEP_HANDLERS: Pick<StepHandlers, 'gov-ar.invoice'> = {
  'gov-ar.invoice': createInvoiceStep(),
};
export { issueTestInvoice } from './issue-test-invoice';
export type { TestInvoiceSupplier } from './issue-test-invoice';
export { testInvoiceOf, isTestInvoiceAttempt } from './test-invoice';
export { testInvoicePdf } from './test-invoice-pdf';
export type { TestInvoice } from './test-invoice';
export { ensureInvoiceWorkflow, INVOICE_TEMPLATE } from './invoice-workflow';
