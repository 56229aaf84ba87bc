import 'server-only';
import type { Db } from '@/lib/db';
import type { InvoiceDetail } from '@/lib/invoices';
import type { PdfConfig } from '@/lib/transform';
import { loadVoucherLayout } from './load-voucher-layout';
import { renderVoucherPdf } from './render-voucher-pdf';
import type { VoucherLayout } from './voucher-layout-types';

export interface RenderedInvoice {
  invoice: InvoiceDetail;
  layout: VoucherLayout;
  pdf: Buffer;
}

/** The workspace's invoice as its PDF, with the pdf step's settings; undefined when there is none. */
export async function renderInvoicePdf(
  db: Db,
  ownerId: string,
  id: string,
  config: PdfConfig = {},
): Promise<RenderedInvoice | undefined> {
  const loaded = await loadVoucherLayout(db, ownerId, id, config);
  if (!loaded) return undefined;
  const pdf = await renderVoucherPdf(loaded.layout, {
    paper: config.layout,
    logoHeight: config.logo_height,
  });
  return { ...loaded, pdf };
}
