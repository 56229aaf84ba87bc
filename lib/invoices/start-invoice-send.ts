import 'server-only';
import type { Db } from '@/lib/db';
import { DomainError } from '@/lib/errors';
import { listEntryStates } from '@/lib/silo';
import { createJob, type Job } from '@/lib/transform';
import { getInvoice } from './get-invoice';
import { ensureInvoiceWorkflow } from './invoice-workflow';

const SENDABLE_STATES = ['empty', 'error'];

/**
 * Sends an invoice to ARCA (or again, after an error): a job on the workspace's `ar-invoice`
 * workflow, made from the template when the workspace has none. The job's key is the invoice and
 * its latest state, so a double submit meets the first job instead of starting a second, while a
 * retry after an error (a new state) starts a new one. The send step itself never issues twice.
 */
export async function startInvoiceSend(
  db: Db,
  ownerId: string,
  invoiceId: string,
): Promise<{ job: Job; created: boolean }> {
  const invoice = await getInvoice(db, ownerId, invoiceId);
  if (!invoice)
    throw new DomainError({
      kind: 'not_found',
      code: 'invoice_not_found',
      detail: 'No invoice with this id in this workspace.',
    });
  if (!SENDABLE_STATES.includes(invoice.state))
    throw new DomainError({
      kind: 'conflict',
      code: 'invoice_not_sendable',
      detail: `The invoice is ${invoice.state}: only an empty invoice, or one in error, is sent.`,
    });
  const workflow = await ensureInvoiceWorkflow(db, ownerId);
  const states = (await listEntryStates(db, ownerId, invoiceId)) ?? [];
  return createJob(db, ownerId, {
    body: {
      workflow_id: workflow.id,
      silo_entry_id: invoiceId,
      key: `console-send:${invoiceId}:${states.at(-1)?.id ?? '0'}`,
    },
  });
}
