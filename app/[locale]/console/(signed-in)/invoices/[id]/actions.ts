'use server';

import { revalidatePath } from 'next/cache';
import { getDb } from '@/lib/db';
import { DomainError } from '@/lib/errors';
import { startInvoiceSend } from '@/lib/invoices';
import { isUuid } from '@/components/console/is-uuid';
import { requireOperator } from '../../../session';

export type SendInvoiceState =
  | { status: 'idle' }
  | { status: 'ok'; code: 'started' | 'alreadyStarted'; jobId: string }
  | { status: 'error'; code: 'notSendable' | 'failed' };

/** "Enviar a ARCA": startInvoiceSend checks the invoice against the session's workspace and its state. */
export async function sendInvoiceAction(
  _previous: SendInvoiceState,
  formData: FormData,
): Promise<SendInvoiceState> {
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
