import 'server-only';
import type { Db } from '@/lib/db';
import type { InvoiceDetail } from '@/lib/invoices';
import type { PdfConfig } from '@/lib/transform';
import { currentPdfRenderPool } from './current-pdf-render-pool';
import { loadVoucherLayout } from './load-voucher-layout';
import { renderVoucherPdf } from './render-voucher-pdf';
import type { VoucherLayout } from './voucher-layout-types';

export interface RenderedInvoice {
  invoice: InvoiceDetail;
  layout: VoucherLayout;
  pdf: Buffer;
}

/**
 * The workspace's invoice as its PDF, with the pdf step's settings; undefined when there is none.
 * The data is read here; the bytes are rendered on the process's render pool when it has one
 * (server.ts, `npm run worker`), else on this thread.
 */
export async function renderInvoicePdf(
  db: Db,
  ownerId: string,
  id: string,
  config: PdfConfig = {},
): Promise<RenderedInvoice | undefined> {
  const loaded = await loadVoucherLayout(db, ownerId, id, config);
  if (!loaded) return undefined;
  const options = { paper: config.layout, logoHeight: config.logo_height };
  const pool = currentPdfRenderPool();
  const pdf = await (pool
    ? pool.render(loaded.layout, options)
    : renderVoucherPdf(loaded.layout, options));
  return { ...loaded, pdf };
}
