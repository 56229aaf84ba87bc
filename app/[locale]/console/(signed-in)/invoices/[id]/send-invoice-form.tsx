'use client';

import { useActionState } from 'react';
import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n';
import { buttonClass, linkClass } from '@/components/console/ui';
import { sendInvoiceAction, type SendInvoiceState } from './actions';

/** Works before hydration (a plain form post); the button is disabled while the post is on its way. */
export function SendInvoiceForm({
  invoiceId,
  sendable,
  retry,
}: {
  invoiceId: string;
  sendable: boolean;
  retry: boolean;
}) {
  const t = useTranslations('console.invoice.send');
  const [state, action, pending] = useActionState<SendInvoiceState, FormData>(sendInvoiceAction, {
    status: 'idle',
  });
  return (
    <form action={action} className="space-y-3">
      <input type="hidden" name="invoice_id" value={invoiceId} />
      <div aria-live="polite" aria-atomic="true" data-testid="form-status">
        {state.status === 'idle' ? null : (
          <p
            className={`rounded-md border px-3 py-2 text-sm ${state.status === 'error' ? 'border-red-300 bg-red-50 text-red-900' : 'border-emerald-300 bg-emerald-50 text-emerald-900'}`}
          >
            {t(state.code)}
          </p>
        )}
      </div>
      {state.status === 'ok' ? (
        <Link href={`/console/jobs/${state.jobId}`} className={`${linkClass} block`}>
          {t('viewJob')}
        </Link>
      ) : sendable ? (
        <button type="submit" className={buttonClass} disabled={pending}>
          {pending ? t('sending') : retry ? t('retry') : t('submit')}
        </button>
      ) : null}
    </form>
  );
}
