import { getTranslations } from 'next-intl/server';
import type { InvoiceDetail } from '@/lib/invoices';
import { formatDay } from '@/components/console/invoice-format';
import { Card, DataList } from '@/components/console/ui';
import { arcaMessages, faultMessages, type AnswerMessage } from './answer-messages';

async function Messages({ title, list }: { title: string; list: AnswerMessage[] }) {
  const tArcaCodes = await getTranslations('invoicing.arcaCodes');
  const tFaultCodes = await getTranslations('console.jobs.codes');
  const tArca = await getTranslations('console.invoice.arca');
  if (list.length === 0) return null;
  return (
    <div className="mt-4">
      <h3 className="text-base font-semibold">{title}</h3>
      <ul className="mt-2 space-y-2 text-sm">
        {list.map((m, i) => (
          <li key={i} className="rounded-md border border-slate-200 p-3">
            {m.explanation ? (
              <p className="text-slate-900">
                {'arca' in m.explanation
                  ? tArcaCodes(m.explanation.arca)
                  : tFaultCodes(m.explanation.fault)}
              </p>
            ) : null}
            <p className="mt-1 text-xs text-slate-600">
              {tArca('codeLabel', { code: m.code })} ·{' '}
              {m.english ? <span lang="en">{m.message}</span> : m.message}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** ARCA's answer: the CAE and its expiry, its observations and errors, and the faults of a failed send. */
export async function ArcaAnswer({ invoice, locale }: { invoice: InvoiceDetail; locale: string }) {
  const t = await getTranslations('console.invoice.arca');
  const answer = invoice.arcaResponse;
  // A rejection is both ARCA's errors and the entry's faults: each is told once.
  const faults = faultMessages(invoice.faults, new Set(answer?.errors.map((e) => e.code)));
  return (
    <Card title={t('title')} id="arca-title">
      <div data-testid="arca-answer">
        {!answer && !invoice.cae && faults.length === 0 ? (
          <p className="text-sm text-slate-700">{t('notSent')}</p>
        ) : null}
        {answer?.result ? (
          <p className="mb-2 font-medium">
            {answer.result === 'A' ? t('approved') : t('rejected')}
          </p>
        ) : null}
        {invoice.cae ? (
          <DataList
            items={[
              { label: t('cae'), value: <code data-testid="cae">{invoice.cae}</code> },
              {
                label: t('caeExpiry'),
                value: invoice.caeExpiry ? formatDay(locale, invoice.caeExpiry) : '—',
              },
            ]}
          />
        ) : null}
        <Messages title={t('observations')} list={arcaMessages(answer?.observations ?? [])} />
        <Messages title={t('errors')} list={arcaMessages(answer?.errors ?? [])} />
        <Messages title={t('faults')} list={faults} />
      </div>
    </Card>
  );
}
