import 'server-only';
import type { Db } from '@/lib/db';
import { getEntry, type EntryFault } from '@/lib/silo';
import { arcaResponseOf, type ArcaResponse } from './arca-response';
import { invoiceDocOf, STAMP, stampsOf, stampValue } from './invoice-envelope';
import { INVOICE_SCHEMA } from './schemas';
import { toInvoiceSummary, type InvoiceSummary } from './invoice-summary';
import { readInvoiceDoc, type ReadInvoice } from './read-invoice-doc';
import { supplierRegimes } from './supplier-regimes';
import { getSend } from './send-store';

export interface InvoiceDetail extends InvoiceSummary {
  /** The document read and calculated again; null when the stored one cannot be read. */
  read: ReadInvoice | null;
  /** The stored document as it is (shown as JSON when it cannot be read). */
  doc: Record<string, unknown>;
  /** ARCA's printed-invoice QR URL (stamp `arca-qr`), only on sent invoices. */
  qr: string | null;
  arcaResponse: ArcaResponse | null;
  faults: EntryFault[];
  /** The ARCA environment it was sent to (homologación: no fiscal value); null when never sent. */
  environment: 'sandbox' | 'live' | null;
}

/** The workspace's invoice entry, or undefined (another kind of entry, or none with this id). */
export async function getInvoice(
  db: Db,
  ownerId: string,
  id: string,
): Promise<InvoiceDetail | undefined> {
  const entry = await getEntry(db, ownerId, id);
  if (!entry || entry.docSchema !== INVOICE_SCHEMA) return undefined;
  const doc = invoiceDocOf(entry);
  const [regimes, send] = await Promise.all([
    supplierRegimes(db, ownerId, [entry]),
    getSend(db, entry.id),
  ]);
  return {
    ...toInvoiceSummary(entry, regimes),
    read: readInvoiceDoc(doc),
    doc,
    qr: stampValue(stampsOf(entry), STAMP.qr),
    arcaResponse: arcaResponseOf(entry),
    faults: entry.faults,
    environment: send?.environment ?? null,
  };
}
