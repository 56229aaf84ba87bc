'use client';

import { useActionState, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { FormMessage } from '@/components/wizard/form-message';
import { SubmitButton } from '@/components/wizard/submit-button';
import { idle } from '@/components/forms/action-state';
import type { ReadinessState } from './readiness-actions';

export type CheckReadiness = (state: ReadinessState) => Promise<ReadinessState>;

/**
 * Live only: the supplier asks ARCA, when they choose, whether each point of sale can invoice. On
 * demand, so the done page (served from the page cache) never waits for ARCA. `guide` is the
 * points-of-sale step's steps to create one, shown when some point of sale cannot be used.
 */
export function ReadinessCheck({
  action: check,
  guide,
}: {
  action: CheckReadiness;
  guide: ReactNode;
}) {
  const t = useTranslations('wizard.readiness');
  const [state, action] = useActionState<ReadinessState>(check, idle);
  const view = state.status === 'ok' ? state.data : undefined;
  return (
    <section
      aria-labelledby="readiness-title"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="readiness-title" className="text-lg font-semibold">
        {t('title')}
      </h2>
      <p>{t('intro')}</p>
      <form action={action}>
        <SubmitButton label={t('check')} pendingLabel={t('checking')} variant="secondary" />
      </form>
      <FormMessage
        messages={state.status === 'error' ? (state.errors ?? []) : []}
        focusOn={state}
      />
      <div aria-live="polite" data-testid="readiness-result">
        {view && (
          <div className="space-y-3">
            {/* «You can invoice» only after ARCA has shown a usable point of sale: the title does not claim it. */}
            {view.noneReady ? (
              <p className="rounded-md border-l-4 border-amber-600 bg-amber-50 p-4 text-amber-950">
                {t('noneReady')}
              </p>
            ) : (
              <p className="font-semibold text-emerald-900" data-testid="readiness-can-invoice">
                {t('canInvoice')}
              </p>
            )}
            {view.lines.length > 0 && (
              <ul className="space-y-2">
                {view.lines.map((line) => (
                  <li
                    key={line.pointOfSale}
                    className={`rounded-md border-l-4 p-3 ${line.ready ? 'border-emerald-700 bg-emerald-50 text-emerald-950' : 'border-red-700 bg-red-50 text-red-950'}`}
                  >
                    <span aria-hidden="true">{line.ready ? '✓ ' : '✗ '}</span>
                    {line.text}
                  </li>
                ))}
              </ul>
            )}
            {view.showGuide && guide}
          </div>
        )}
      </div>
    </section>
  );
}
