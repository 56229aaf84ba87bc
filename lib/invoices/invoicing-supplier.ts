import 'server-only';
import type { Db } from '@/lib/db';
import { supplierForInvoicing, type InvoicingSupplierView } from '@/lib/registration';
import { remember } from './arca-session';

// The registered supplier (two reads and opening its sealed key) is kept per process for a few
// seconds: a busy point of sale sends many invoices a second for the same supplier. A supplier not
// found is never kept, so a registration completed a moment ago is seen at once; a registration
// changed or withdrawn is seen within SUPPLIER_TTL_MS.
const SUPPLIER_TTL_MS = 10_000;
const suppliers = new Map<string, { supplier: InvoicingSupplierView; until: number }>();

/** supplierForInvoicing, briefly kept per process. */
export async function invoicingSupplier(
  db: Db,
  ownerId: string,
  cuit: string,
  now = Date.now(),
): Promise<InvoicingSupplierView | undefined> {
  const key = `${ownerId}|${cuit}`;
  const kept = suppliers.get(key);
  if (kept && kept.until > now) return kept.supplier;
  const supplier = await supplierForInvoicing(db, ownerId, cuit);
  if (supplier) remember(suppliers, key, { supplier, until: now + SUPPLIER_TTL_MS }, now);
  else suppliers.delete(key);
  return supplier;
}
