import { getTranslations } from 'next-intl/server';
import { isArcaInvoiceCode } from '@/lib/invoicing';
import type { ArcaMessage, InvoiceDetail } from '@/lib/invoices';
import { formatDay } from '@/components/console/invoice-format';
import { Card, DataList } from '@/components/console/ui';

// A fault's code may carry a prefix (`arca.10016`): its trailing digits name ARCA's code.
const arcaCodeOf = (code: string | undefined) => /(\d+)$/.exec(code ?? '')?.[1];

async function Messages({ title, list }: { title: string; list: ArcaMessage[] }) {
  const t = await getTranslations('invoicing.arcaCodes');
  const tArca = await getTranslations('console.invoice.arca');
  if (list.length === 0) return null;
  return (
    <div className="mt-4">
      <h3 className="text-base font-semibold">{title}</h3>
      <ul className="mt-2 space-y-2 text-sm">
        {list.map((m, i) => (
          <li key={i} className="rounded-md border border-slate-200 p-3">
            {isArcaInvoiceCode(m.code) ? <p className="text-slate-900">{t(m.code)}</p> : null}
            <p className="mt-1 text-xs text-slate-600">
              {tArca('codeLabel', { code: m.code })} · {m.message}
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
  const errorCodes = new Set(answer?.errors.map((e) => e.code));
  // A rejection is both ARCA's errors and the entry's faults: each is told once.
  const faults: ArcaMessage[] = invoice.faults
    .map((f) => ({ code: arcaCodeOf(f.code) ?? f.code ?? '', message: f.message }))
    .filter((f) => !errorCodes.has(f.code));
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
        <Messages title={t('observations')} list={answer?.observations ?? []} />
        <Messages title={t('errors')} list={answer?.errors ?? []} />
        <Messages title={t('faults')} list={faults} />
      </div>
    </Card>
  );
}
