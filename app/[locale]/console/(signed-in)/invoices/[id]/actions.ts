'use server';

import { revalidatePath } from 'next/cache';
import { getLocale } from 'next-intl/server';
import { getDb } from '@/lib/db';
import { DomainError } from '@/lib/errors';
import { redirect } from '@/lib/i18n';
import { issueCorrection, startInvoiceSend } from '@/lib/invoices';
import { postedForm, type ErrorMessage } from '@/components/forms/action-state';
import { isUuid } from '@/components/console/is-uuid';
import { requireOperator } from '../../../session';

export type SendInvoiceState =
  | { status: 'idle' }
  | { status: 'ok'; code: 'started' | 'alreadyStarted'; jobId: string }
  | { status: 'error'; code: 'notSendable' | 'failed' };

/** "Enviar a ARCA": startInvoiceSend checks the invoice against the session's workspace and its state. */
export async function sendInvoiceAction(
  _previous: SendInvoiceState,
  posted: unknown,
): Promise<SendInvoiceState> {
  const formData = postedForm(posted);
  const operator = await requireOperator();
  const invoiceId = String(formData.get('invoice_id') ?? '');
  if (!isUuid(invoiceId)) return { status: 'error', code: 'failed' };
  try {
    const { job, created } = await startInvoiceSend(await getDb(), operator.workspaceId, invoiceId);
    revalidatePath('/[locale]/console', 'layout');
    return { status: 'ok', code: created ? 'started' : 'alreadyStarted', jobId: job.id };
  } catch (error) {
    if (error instanceof DomainError)
      return { status: 'error', code: error.kind === 'conflict' ? 'notSendable' : 'failed' };
    throw error;
  }
}

export type CreditNoteState = { status: 'idle' } | { status: 'error'; message?: ErrorMessage };

/**
 * «Emitir nota de crédito»: the credit note of the sent invoice (issueCorrection), stored unsent;
 * the operator is taken to it, ready to send. A double submit meets the same note.
 */
export async function issueCreditNoteAction(
  _previous: CreditNoteState,
  posted: unknown,
): Promise<CreditNoteState> {
  const formData = postedForm(posted);
  const operator = await requireOperator();
  const invoiceId = String(formData.get('invoice_id') ?? '');
  if (!isUuid(invoiceId)) return { status: 'error' };
  let noteId: string;
  try {
    const { entry } = await issueCorrection(
      await getDb(),
      operator.workspaceId,
      invoiceId,
      'credit-note',
    );
    noteId = entry.id;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return {
      status: 'error',
      message: { key: error.messageKey, ...(error.values ? { values: error.values } : {}) },
    };
  }
  revalidatePath('/[locale]/console', 'layout');
  return redirect({ href: `/console/invoices/${noteId}`, locale: await getLocale() });
}
