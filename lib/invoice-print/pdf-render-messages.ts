import type { PdfOptions } from './render-voucher-pdf';
import type { VoucherLayout } from './voucher-layout-types';

/** One voucher for a render thread to print. */
export interface RenderRequest {
  id: number;
  layout: VoucherLayout;
  options: PdfOptions;
}

/** A render thread's answer: the PDF's bytes, or why it has none (`tooLarge`: past its deadline). */
export type RenderReply =
  | { id: number; ok: true; pdf: Uint8Array }
  | { id: number; ok: false; tooLarge: boolean; message: string };
