'use client';

import { useActionState } from 'react';
import { useTranslations } from 'next-intl';
import { buttonClass, inputClass } from '@/components/console/ui';
import { editInvoiceAction, type EditInvoiceState } from './actions';

/** The invoice as JSON in a textarea; a refusal lists each problem and gives back what was typed. */
export function EditInvoiceForm({ invoiceId, document }: { invoiceId: string; document: string }) {
  const t = useTranslations('console.invoice.edit');
  const tAny = useTranslations();
  const [state, action, pending] = useActionState<EditInvoiceState, FormData>(editInvoiceAction, {
    status: 'idle',
  });
  const failed = state.status === 'error' ? state : undefined;
  const message = failed?.reason
    ? t(failed.reason)
    : failed?.message
      ? tAny(failed.message.key, failed.message.values)
      : '';
  return (
    <form action={action} className="space-y-4">
      <input type="hidden" name="invoice_id" value={invoiceId} />
      <div aria-live="polite" aria-atomic="true" data-testid="form-status" id="document-error">
        {failed ? (
          <div className="space-y-2 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
            {message ? <p>{message}</p> : null}
            {failed.problems.length ? (
              <>
                <p className="font-medium">{t('problems')}</p>
                <ul className="list-disc space-y-1 pl-5">
                  {failed.problems.map((p) => (
                    <li key={p.path}>
                      <code className="break-all">{p.path}</code>: {p.message}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </div>
        ) : null}
      </div>
      <div>
        <label htmlFor="document" className="block text-sm font-medium text-slate-900">
          {t('label')}
        </label>
        <textarea
          id="document"
          name="document"
          rows={24}
          spellCheck={false}
          defaultValue={failed?.document ?? document}
          aria-invalid={!!failed || undefined}
          aria-describedby={failed ? 'document-hint document-error' : 'document-hint'}
          className={`${inputClass} font-mono text-xs`}
        />
        <p id="document-hint" className="mt-1 text-sm text-slate-600">
          {t('hint')}
        </p>
      </div>
      <button type="submit" className={buttonClass} disabled={pending}>
        {pending ? t('saving') : t('submit')}
      </button>
    </form>
  );
}
