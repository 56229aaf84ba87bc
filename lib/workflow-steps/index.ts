import 'server-only';
import { PDF_STEP_HANDLERS } from '@/lib/invoice-print';
import { INVOICE_STEP_HANDLERS } from '@/lib/invoices';
import { GOV_AR_STEP_HANDLERS } from '@/lib/registration';
import { TRANSFORM_STEP_HANDLERS, type StepHandlers } from '@/lib/transform';

/**
 * The runner's step registry, assembled from the domains that own the steps: lib/transform cannot
 * import the domains whose steps it runs (they call it), so whatever starts a runner passes this in.
 * The type makes a provider of STEP_PROVIDERS without a handler a compile error.
 */
export const STEP_HANDLERS: StepHandlers = {
  ...TRANSFORM_STEP_HANDLERS,
  ...GOV_AR_STEP_HANDLERS,
  ...INVOICE_STEP_HANDLERS,
  ...PDF_STEP_HANDLERS,
};
