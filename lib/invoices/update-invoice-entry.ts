import 'server-only';
import type { Db } from '@/lib/db';
import { requestHash } from '@/lib/idempotency';
import {
  ENVELOPE_SCHEMA,
  entryChanged,
  readEntryUpdate,
  updateEntry,
  type Entry,
} from '@/lib/silo';
import { checkInvoiceRequest } from './check-invoice-request';
import { invoiceRefusal } from './create-invoice-entry';
import { EDITABLE_STATES, requireEditableInvoice } from './invoice-editability';
import { invoiceDocOf } from './invoice-envelope';
import { invoiceDigest } from './invoice-digest';
import { INVOICE_FOLDER } from './schemas';

/**
 * Updates an unsent invoice (`PATCH /silo/v1/entries/{id}`, the console's «Editar»): the new
 * document (whole, or the stored one patched) passes the same checks and build as creating it, and
 * keeps the entry's id, key and history. An invoice in `error` goes back to `empty`, its faults
 * cleared, ready to be sent again. A sent invoice never changes (409: correct it with a note).
 */
export async function updateInvoiceEntry(
  db: Db,
  ownerId: string,
  entry: Entry,
  body: unknown,
): Promise<Entry> {
  const { folder, patch } = readEntryUpdate(body);
  await requireEditableInvoice(db, entry);
  if (!patch && (folder === undefined || folder === entry.folder)) return entry;
  let change: Parameters<typeof updateEntry>[3] = {
    fromStates: EDITABLE_STATES,
    readData: entry.data,
    folder,
  };
  if (patch) {
    const checked = await checkInvoiceRequest(db, ownerId, patch(invoiceDocOf(entry)), 'data.');
    if (!checked.ok) throw invoiceRefusal(checked);
    const { doc } = checked;
    const key = entry.key ?? undefined;
    const newFolder = folder ?? entry.folder ?? INVOICE_FOLDER;
    change = {
      ...change,
      data: { $schema: ENVELOPE_SCHEMA, head: { uuid: entry.id, dig: invoiceDigest(doc) }, doc },
      // As createInvoiceEntry hashes it: a PUT of the corrected invoice is then a repeat, not a conflict.
      requestHash: requestHash({ key, folder: newFolder, doc }),
      state: 'empty',
    };
  }
  const updated = await updateEntry(db, ownerId, entry.id, change);
  if (!updated) throw entryChanged();
  return updated;
}
