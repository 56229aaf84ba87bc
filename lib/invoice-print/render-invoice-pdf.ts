import 'server-only';
import type { Db } from '@/lib/db';
import { getInvoice, type InvoiceDetail } from '@/lib/invoices';
import type { PdfConfig } from '@/lib/transform';
import { currentPdfRenderPool } from './current-pdf-render-pool';
import { layoutOfInvoice } from './load-voucher-layout';
import { renderVoucherPdf } from './render-voucher-pdf';
import type { VoucherLayout } from './voucher-layout-types';

export interface RenderedInvoice {
  invoice: InvoiceDetail;
  layout: VoucherLayout;
  pdf: Buffer;
}

/**
 * The workspace's invoice as its PDF, with the pdf step's settings; undefined when there is none.
 */
export async function renderInvoicePdf(
  db: Db,
  ownerId: string,
  id: string,
  config: PdfConfig = {},
): Promise<RenderedInvoice | undefined> {
  const invoice = await getInvoice(db, ownerId, id);
  return invoice && printInvoice(db, ownerId, invoice, config);
}

/**
 * An invoice already read, as its PDF: the bytes are rendered on the process's render pool when it
 * has one (server.ts, `npm run worker`), else on this thread.
 */
export async function printInvoice(
  db: Db,
  ownerId: string,
  invoice: InvoiceDetail,
  config: PdfConfig = {},
): Promise<RenderedInvoice> {
  const layout = await layoutOfInvoice(db, ownerId, invoice, config);
  const options = { paper: config.layout, logoHeight: config.logo_height };
  const pool = currentPdfRenderPool();
  const pdf = await (pool ? pool.render(layout, options) : renderVoucherPdf(layout, options));
  return { invoice, layout, pdf };
}
