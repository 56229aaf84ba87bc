import { getFormatter, getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n';
import type { EntryState } from '@/lib/silo';
import { InvoiceStateBadge } from '@/components/console/invoice-state-badge';
import { Card, linkClass } from '@/components/console/ui';

/** The invoice's state changes, oldest first, each with the job whose step made it. */
export async function InvoiceEvents({ states }: { states: EntryState[] }) {
  const t = await getTranslations('console.invoice.events');
  const format = await getFormatter();
  return (
    <Card title={t('title')} id="events-title">
      {states.length === 0 ? (
        <p className="text-sm text-slate-700">{t('empty')}</p>
      ) : (
        <ol className="space-y-2" data-testid="state-history">
          {states.map((state) => (
            <li key={state.id} className="flex flex-wrap items-center gap-3">
              <InvoiceStateBadge state={state.state} />
              <span className="text-sm text-slate-700">
                {format.dateTime(state.createdAt, { dateStyle: 'medium', timeStyle: 'medium' })}
              </span>
              {state.jobId ? (
                <Link href={`/console/jobs/${state.jobId}`} className={`${linkClass} text-sm`}>
                  {t('viewJob')}
                </Link>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
