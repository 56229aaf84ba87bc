'use server';

import { revalidatePath } from 'next/cache';
import { getLocale } from 'next-intl/server';
import { getDb } from '@/lib/db';
import { DomainError } from '@/lib/errors';
import { redirect } from '@/lib/i18n';
import { INVOICE_SCHEMA, updateInvoiceEntry } from '@/lib/invoices';
import { isObject } from '@/lib/invoice-model';
import { getEntry } from '@/lib/silo';
import { postedForm, type ErrorMessage } from '@/components/forms/action-state';
import { isUuid } from '@/components/console/is-uuid';
import { requireOperator } from '../../../../session';
import { problemList } from './problem-list';

export type EditInvoiceState =
  | { status: 'idle' }
  | {
      status: 'error';
      /** The form's own reason, or the refused verb's message. */
      reason?: 'invalidJson' | 'notAnObject' | 'failed';
      message?: ErrorMessage;
      problems: { path: string; message: string }[];
      /** What was typed, given back whole. */
      document: string;
    };

/** «Guardar los cambios»: the typed JSON replaces the unsent invoice, checked as creating it checks it. */
export async function editInvoiceAction(
  _previous: EditInvoiceState,
  posted: unknown,
): Promise<EditInvoiceState> {
  const formData = postedForm(posted);
  const operator = await requireOperator();
  const invoiceId = String(formData.get('invoice_id') ?? '');
  const document = String(formData.get('document') ?? '');
  const refuse = (reason: 'invalidJson' | 'notAnObject' | 'failed'): EditInvoiceState => ({
    status: 'error',
    reason,
    problems: [],
    document,
  });
  if (!isUuid(invoiceId)) return refuse('failed');
  let data: unknown;
  try {
    data = JSON.parse(document);
  } catch {
    return refuse('invalidJson');
  }
  if (!isObject(data)) return refuse('notAnObject');
  const db = await getDb();
  const entry = await getEntry(db, operator.workspaceId, invoiceId);
  if (!entry || entry.docSchema !== INVOICE_SCHEMA) return refuse('failed');
  try {
    await updateInvoiceEntry(db, operator.workspaceId, entry, { data });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return {
      status: 'error',
      message: { key: error.messageKey, ...(error.values ? { values: error.values } : {}) },
      problems: await problemList(error.fields ?? {}),
      document,
    };
  }
  revalidatePath('/[locale]/console', 'layout');
  return redirect({ href: `/console/invoices/${invoiceId}`, locale: await getLocale() });
}
