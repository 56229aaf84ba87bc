import 'server-only';
import type { Db } from '@/lib/db';
import { DomainError } from '@/lib/errors';
import type { Entry } from '@/lib/silo';
import { STAMP, stampsOf, stampValue } from './invoice-envelope';
import { getSend } from './send-store';

/** The states an invoice may change in: never sent, or refused (its number is free again). */
export const EDITABLE_STATES = ['empty', 'error'] as const;

/**
 * Refuses (409) a change to an invoice that ARCA numbered or may be numbering: sent, with a CAE,
 * an approved send, or a send in flight or under review. A rejected send (or none) leaves it editable.
 */
export async function requireEditableInvoice(db: Db, entry: Entry): Promise<void> {
  const send = await getSend(db, entry.id);
  const approved =
    entry.state === 'sent' ||
    send?.status === 'approved' ||
    stampValue(stampsOf(entry), STAMP.cae) !== null;
  if (approved)
    throw new DomainError({
      kind: 'conflict',
      code: 'invoice_immutable',
      detail:
        'The invoice was approved by ARCA (it has a CAE) and can no longer change: issue a credit note or a debit note for it (POST /silo/v1/gobl/correct, then create the note as a new entry).',
      messageKey: 'invoiceEntries.errors.invoice_immutable',
    });
  const sending = send?.status === 'pending' || send?.status === 'review';
  if (sending || !(EDITABLE_STATES as readonly string[]).includes(entry.state))
    throw new DomainError({
      kind: 'conflict',
      code: 'invoice_not_editable',
      detail:
        send?.status === 'review'
          ? 'The invoice is being sent to ARCA and needs a manual review: it cannot change.'
          : `The invoice is being sent to ARCA (${entry.state}): it can change only if ARCA rejects it.`,
      messageKey: 'invoiceEntries.errors.invoice_not_editable',
    });
}
