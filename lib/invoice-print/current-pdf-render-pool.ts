import type { PdfOptions } from './render-voucher-pdf';
import type { VoucherLayout } from './voucher-layout-types';

export interface PdfRenderPool {
  /** renderVoucherPdf on a render thread: the same bytes, without the CPU on this thread's event loop. */
  render(layout: VoucherLayout, options?: PdfOptions): Promise<Buffer>;
  /** Render threads at most. */
  readonly size: number;
  /** Ends every render thread; renders waiting or running fail with `pdf_renderer_stopped`. */
  stop(): Promise<void>;
}

/** A render thread ended before answering (it crashed or was stopped): the render may be tried again. */
export const PDF_RENDERER_LOST = 'pdf_renderer_lost';
export const PDF_RENDERER_STOPPED = 'pdf_renderer_stopped';

// On globalThis: server.ts starts the pool, and Next's server bundle (the console's PDF download),
// which loads its own copy of this module, renders through it.
const KEY = Symbol.for('arca-registration.pdf-render-pool');
const holder = globalThis as unknown as { [KEY]?: PdfRenderPool };

/** The process's render pool; undefined where none was started (renders then run on the caller's thread). */
export function currentPdfRenderPool(): PdfRenderPool | undefined {
  return holder[KEY];
}

export function installPdfRenderPool(pool: PdfRenderPool | undefined): void {
  holder[KEY] = pool;
}
