'use client';

import { useActionState } from 'react';
import { useTranslations } from 'next-intl';
import { secondaryButtonClass } from '@/components/console/ui';
import { issueCreditNoteAction, type CreditNoteState } from './actions';

/** Works before hydration (a plain form post); on success the action takes the operator to the note. */
export function CreditNoteForm({ invoiceId }: { invoiceId: string }) {
  const t = useTranslations('console.invoice.correct');
  const tAny = useTranslations();
  const [state, action, pending] = useActionState<CreditNoteState, FormData>(
    issueCreditNoteAction,
    { status: 'idle' },
  );
  return (
    <form action={action} className="space-y-3">
      <input type="hidden" name="invoice_id" value={invoiceId} />
      <div aria-live="polite" aria-atomic="true" data-testid="credit-note-status">
        {state.status === 'error' ? (
          <p className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
            {state.message ? tAny(state.message.key, state.message.values) : t('failed')}
          </p>
        ) : null}
      </div>
      <button type="submit" className={secondaryButtonClass} disabled={pending}>
        {pending ? t('sending') : t('submit')}
      </button>
    </form>
  );
}
