'use server';

import { getDb } from '@/lib/db';
import { redirect, type Locale } from '@/lib/i18n';
import { isTestInvoiceAttempt, issueTestInvoice } from '@/lib/invoices';
import { requireStep, withinRateLimit } from '../load';

// Long enough for homologación's usual answer; past it the page says it is still processing.
const WAIT_SECONDS = 15;

/**
 * Issues a test invoice (sandbox only) and shows it on the done page. The form's token keys the
 * invoice, so a double click or a resent post meets the first one; the answer is a redirect, so a
 * reload of the result only reads it again.
 */
export async function issueTestInvoiceAction(ref: string, locale: Locale, form: FormData) {
  const attempt = String(form.get('attempt') ?? '');
  const registration = await requireStep(ref, locale, 'done');
  if (!isTestInvoiceAttempt(attempt)) redirect({ href: `/reg/${ref}/done`, locale });
  if (!(await withinRateLimit(ref)))
    redirect({ href: `/reg/${ref}/done?test-invoice=${attempt}&busy=1`, locale });
  await issueTestInvoice(await getDb(), registration, attempt, { waitSeconds: WAIT_SECONDS });
  redirect({ href: `/reg/${ref}/done?test-invoice=${attempt}`, locale });
}
