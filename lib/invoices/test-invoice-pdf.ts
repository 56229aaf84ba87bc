import 'server-only';
import type { Db } from '@/lib/db';
import type { Supplier } from '@/lib/registration';
import { getEntryByKey, getEntryFile, listEntryFiles } from '@/lib/silo';
import { isTestInvoiceAttempt, PDF_FILE_KEY, testInvoiceKey } from './test-invoice';

/**
 * The PDF of the test invoice a form token issued for this registration (its newest version), or
 * undefined. The entry is found by the registration's own key, so a ref never reaches another
 * entry's file.
 */
export async function testInvoicePdf(
  db: Db,
  supplier: Pick<Supplier, 'entryId' | 'ownerId'>,
  attempt: string,
) {
  if (!isTestInvoiceAttempt(attempt)) return undefined;
  const entry = await getEntryByKey(
    db,
    supplier.ownerId,
    testInvoiceKey(supplier.entryId, attempt),
  );
  if (!entry) return undefined;
  const pdf = (await listEntryFiles(db, supplier.ownerId, entry.id)).find(
    (file) => file.key === PDF_FILE_KEY,
  );
  return pdf && getEntryFile(db, supplier.ownerId, entry.id, pdf.id);
}
