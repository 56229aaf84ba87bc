import type { StepHandlers } from '@/lib/transform';
import { createInvoiceStep } from './invoice-step';

export { createInvoiceEntry } from './create-invoice-entry';
export { buildInvoiceDocument } from './build-invoice-document';
export { signInvoiceDocument } from './sign-invoice-document';
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

const sendStep = createInvoiceStep();
/**
 * The invoices domain's workflow steps, for the runner's step registry (lib/workflow-steps).
 * `gov-ar.invoice` is gov-ar.send's name before it took Invopop's: workflows stored with it still run.
 */
export const INVOICE_STEP_HANDLERS: Pick<StepHandlers, 'gov-ar.send' | 'gov-ar.invoice'> = {
  'gov-ar.send': sendStep,
  'gov-ar.invoice': sendStep,
};
export { issueTestInvoice } from './issue-test-invoice';
export type { TestInvoiceSupplier } from './issue-test-invoice';
export { testInvoiceOf, isTestInvoiceAttempt } from './test-invoice';
export { testInvoicePdf } from './test-invoice-pdf';
export type { TestInvoice } from './test-invoice';
export { ensureInvoiceWorkflow, INVOICE_TEMPLATE } from './invoice-workflow';
export { updateInvoiceEntry } from './update-invoice-entry';
export { requireEditableInvoice, EDITABLE_STATES } from './invoice-editability';
export { correctInvoice } from './correct-invoice';
export { CORRECTION_OPTIONS_SCHEMA } from './correction-options';
export { issueCorrection } from './issue-correction';
export { SendQueue } from './send-batch-gather';
export { createLocalTurns } from './local-turn';
