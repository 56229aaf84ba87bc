import type { StepHandlers } from '@/lib/transform';
import { pdfStep } from './pdf-step';

export { voucherLayout } from './voucher-layout';
export type { VoucherOptions } from './voucher-layout';
export type { VoucherLayout, Field, VoucherColumn } from './voucher-layout-types';
export { renderVoucherPdf } from './render-voucher-pdf';
export type { PdfOptions } from './render-voucher-pdf';
export { renderInvoicePdf } from './render-invoice-pdf';
export { loadVoucherLayout } from './load-voucher-layout';
export {
  createPdfRenderPool,
  defaultPdfRenderThreads,
  startPdfRenderPool,
} from './pdf-render-pool';
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
