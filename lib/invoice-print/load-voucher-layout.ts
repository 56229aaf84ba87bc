import 'server-only';
import type { Db } from '@/lib/db';
import { getInvoice, type InvoiceDetail } from '@/lib/invoices';
import type { PdfConfig } from '@/lib/transform';
import { getWorkspace } from '@/lib/workspaces';
import { voucherLayout } from './voucher-layout';
import type { VoucherLayout } from './voucher-layout-types';

/**
 * The workspace's invoice and its printed voucher's layout, with the pdf step's settings.
 * Undefined when there is no invoice with this id.
 */
export async function loadVoucherLayout(
  db: Db,
  ownerId: string,
  id: string,
  config: PdfConfig = {},
): Promise<{ invoice: InvoiceDetail; layout: VoucherLayout } | undefined> {
  const invoice = await getInvoice(db, ownerId, id);
  if (!invoice) return undefined;
  return { invoice, layout: await layoutOfInvoice(db, ownerId, invoice, config) };
}

/**
 * The printed voucher's layout of an invoice already read. Homologación: the environment it was
 * sent to, else the workspace's (an unsent invoice, the one case that reads anything more).
 */
export async function layoutOfInvoice(
  db: Db,
  ownerId: string,
  invoice: InvoiceDetail,
  config: PdfConfig = {},
): Promise<VoucherLayout> {
  const environment = invoice.environment ?? (await getWorkspace(db, ownerId))?.environment;
  return voucherLayout(invoice, {
    locale: config.locale ?? 'es',
    environment: environment === 'live' ? 'live' : 'sandbox',
    dateFormat: config.date_format,
    watermark: config.watermark,
  });
}
