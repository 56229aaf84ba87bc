import type { StepHandlers } from '@/lib/transform';
import { pdfStep } from './pdf-step';

export { voucherLayout } from './voucher-layout';
export type { VoucherOptions } from './voucher-layout';
export type { VoucherLayout, Field, VoucherColumn } from './voucher-layout-types';
export { renderVoucherPdf } from './render-voucher-pdf';
export type { PdfOptions } from './render-voucher-pdf';
export { renderInvoicePdf } from './render-invoice-pdf';
export { loadVoucherLayout } from './load-voucher-layout';
// The render pool itself is imported from './pdf-render-pool' by the processes that start it
// (server.ts, `npm run worker`, tests, the bench), never through this index: Next's bundle loads
// this index, and its bundler takes `new Worker(path)` for a worker entry to trace, the whole
// project matching a path it cannot resolve (the build fails).
export {
  currentPdfRenderPool,
  installPdfRenderPool,
  PDF_RENDERER_LOST,
  PDF_RENDERER_STOPPED,
} from './current-pdf-render-pool';
export type { PdfRenderPool } from './current-pdf-render-pool';
export type { RenderedInvoice } from './render-invoice-pdf';

/** The invoice print domain's workflow steps, for the runner's step registry (lib/workflow-steps). */
export const PDF_STEP_HANDLERS: Pick<StepHandlers, 'pdf'> = { pdf: pdfStep };
