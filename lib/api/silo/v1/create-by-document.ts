import type { Db } from '@/lib/db';
import { createInvoiceEntry, isInvoiceRequest } from '@/lib/invoices';
import { createEntry, type EntryRequest } from '@/lib/silo';

/** An invoice (bare or in an envelope) goes to the invoices domain; anything else is a supplier's party. */
export const createByDocument = (db: Db, ownerId: string, request: EntryRequest) =>
  (isInvoiceRequest(request.body) ? createInvoiceEntry : createEntry)(db, ownerId, request);
