import 'server-only';
import type { Db } from '@/lib/db';
import { findDocuments } from '@/lib/silo';
import { INVOICE_FOLDER, INVOICE_SCHEMA } from './schemas';
import { toInvoiceSummary, type InvoiceSummary } from './invoice-summary';
import { supplierRegimes } from './supplier-regimes';

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
  /**
   * Part of the customer's name, CUIT (with or without hyphens) or document, of the supplier's
   * name, or of the number; or the number as printed (`0002-00000124`, `00000124`).
   */
  query?: string;
  page: number;
  pageSize: number;
}

/**
 * A search for the number as the list prints it: `0002-00000124` is point of sale 2's number 124,
 * `00000124` number 124 of any point of sale (a part, `124`, is matched as text).
 */
function printedNumber(query: string): Record<string, string>[] {
  const text = query.trim();
  const full = /^(\d{1,5})\s*-\s*(\d{1,8})$/.exec(text);
  if (full) return [{ series: full[1]!, code: full[2]! }];
  return /^0\d{0,7}$/.test(text) ? [{ code: text }] : [];
}

/** A page of the workspace's invoices, newest first. */
export async function listInvoices(
  db: Db,
  ownerId: string,
  filters: InvoiceFilters,
): Promise<{ list: InvoiceSummary[]; total: number; page: number; pages: number }> {
  // Both stored as the client wrote them: "2" or "0002", a CUIT with or without hyphens.
  const digitsEqual: Record<string, string> = {};
  if (filters.pointOfSale) digitsEqual.series = filters.pointOfSale;
  if (filters.supplierCuit) digitsEqual['supplier.tax_id.code'] = filters.supplierCuit;
  const found = await findDocuments(db, ownerId, {
    folder: INVOICE_FOLDER,
    docSchema: INVOICE_SCHEMA,
    state: filters.state,
    digitsEqual,
    between: { path: 'issue_date', from: filters.from, to: filters.to },
    search: filters.query
      ? {
          paths: ['customer.name', 'customer.tax_id.code', 'code', 'supplier.name'],
          digitPaths: ['customer.tax_id.code', 'customer.identities.0.code'],
          digitsEqualAny: printedNumber(filters.query),
          text: filters.query,
        }
      : undefined,
    page: filters.page,
    pageSize: filters.pageSize,
  });
  const regimes = await supplierRegimes(db, ownerId, found.list);
  return { ...found, list: found.list.map((entry) => toInvoiceSummary(entry, regimes)) };
}
