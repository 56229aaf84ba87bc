import 'server-only';
import type { Db } from '@/lib/db';
import { DomainError } from '@/lib/errors';
import { getEntry, getEntryByKey, type Entry } from '@/lib/silo';
import { correctInvoice } from './correct-invoice';
import { createInvoiceEntry } from './create-invoice-entry';
import { INVOICE_SCHEMA } from './schemas';

/**
 * The console's «Emitir nota de crédito»: the note of a sent invoice (correctInvoice), stored as a
 * new unsent invoice entry, ready to be sent. Keyed by the invoice and the note's type, so a double
 * submit meets the first note instead of issuing a second.
 */
export async function issueCorrection(
  db: Db,
  ownerId: string,
  invoiceId: string,
  type: 'credit-note' | 'debit-note',
): Promise<{ entry: Entry; created: boolean }> {
  const invoice = await getEntry(db, ownerId, invoiceId);
  if (!invoice || invoice.docSchema !== INVOICE_SCHEMA)
    throw new DomainError({
      kind: 'not_found',
      code: 'invoice_not_found',
      detail: 'No invoice with this id in this workspace.',
    });
  const key = `correction:${invoice.id}:${type}`;
  const existing = await getEntryByKey(db, ownerId, key);
  if (existing) return { entry: existing, created: false };
  if (invoice.state !== 'sent')
    throw new DomainError({
      kind: 'conflict',
      code: 'invoice_not_correctable',
      detail: 'Only a sent invoice is corrected by a note; an unsent one is edited instead.',
      messageKey: 'invoiceEntries.errors.invoice_not_correctable',
    });
  const note = await correctInvoice(db, ownerId, invoice.data, { type });
  try {
    return await createInvoiceEntry(db, ownerId, { body: { key, data: note } });
  } catch (error) {
    // Another submit stored it first (and it may have been edited since): that note is the answer.
    const stored = await getEntryByKey(db, ownerId, key);
    if (error instanceof DomainError && error.code === 'entry_conflict' && stored)
      return { entry: stored, created: false };
    throw error;
  }
}
