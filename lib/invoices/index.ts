import type { StepHandlers } from '@/lib/transform';
import { createInvoiceStep } from './invoice-step';

export { createInvoiceStep } from './invoice-step';
export type { InvoiceStepOptions } from './invoice-step';
export { displayNumber } from './apply-approval';

/** The invoices domain's workflow steps, for the runner's step registry (lib/workflow-steps). */
export const INVOICE_STEP_HANDLERS: Pick<StepHandlers, 'gov-ar.invoice'> = {
  'gov-ar.invoice': createInvoiceStep(),
};
