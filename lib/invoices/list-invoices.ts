import 'server-only';
import type { Db } from '@/lib/db';
import { findDocuments } from '@/lib/silo';
import { INVOICE_FOLDER, INVOICE_SCHEMA } from './schemas';
import { toInvoiceSummary, type InvoiceSummary } from './invoice-summary';

export const INVOICE_STATES = ['empty', 'processing', 'sent', 'error'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

export interface InvoiceFilters {
  state?: InvoiceState;
  /** Digits; `0002` and `2` are the same point of sale. */
  pointOfSale?: string;
  /** The supplier's CUIT, digits. */
  supplierCuit?: string;
  /** Issue dates, yyyy-mm-dd, inclusive. */
  from?: string;
  to?: string;
  /** Part of the customer's name or tax ID, or of the number. */
  query?: string;
  page: number;
  pageSize: number;
}

/** A page of the workspace's invoices, newest first. */
export async function listInvoices(
  db: Db,
  ownerId: string,
  filters: InvoiceFilters,
): Promise<{ list: InvoiceSummary[]; total: number; page: number; pages: number }> {
  const equals: Record<string, string> = {};
  // `series` is stored as the client's digits without leading zeros ("2"), as ARCA numbers it.
  if (filters.pointOfSale) equals.series = String(Number(filters.pointOfSale));
  if (filters.supplierCuit) equals['supplier.tax_id.code'] = filters.supplierCuit;
  const found = await findDocuments(db, ownerId, {
    folder: INVOICE_FOLDER,
    docSchema: INVOICE_SCHEMA,
    state: filters.state,
    equals,
    between: { path: 'issue_date', from: filters.from, to: filters.to },
    search: filters.query
      ? {
          paths: ['customer.name', 'customer.tax_id.code', 'code', 'supplier.name'],
          text: filters.query,
        }
      : undefined,
    page: filters.page,
    pageSize: filters.pageSize,
  });
  return { ...found, list: found.list.map(toInvoiceSummary) };
}
