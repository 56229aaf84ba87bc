import { notFound } from 'next/navigation';
import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import { formatCuit } from '@/lib/arca';
import { getDb } from '@/lib/db';
import { getCertificateStatus } from '@/lib/registration';
import { getEntry, listEntryStates, partyOf } from '@/lib/silo';
import { listJobs, listWorkflows } from '@/lib/transform';
import { StateBadge } from '@/components/console/badges';
import { CertificateCard } from '@/components/console/certificate-card';
import { EntryTabs, type EntryTab } from '@/components/console/entry-tabs';
import { MetaPanel } from '@/components/console/meta-panel';
import { JobList } from '@/components/console/job-list';
import { RunWorkflowForm } from './run-workflow-form';
import { Card, DataList, EmptyState, PageHeader } from '@/components/console/ui';
import { isUuid } from '@/components/console/is-uuid';
import { localeParams } from '@/lib/i18n';
import { requireOperator } from '../../../session';
import { workflowLabeler } from '@/components/console/workflow-labeler';

type Props = {
  params: Promise<{ locale: string; id: string }>;
  searchParams: Promise<{ tab?: string }>;
};

const TABS: EntryTab[] = ['data', 'history', 'meta', 'jobs'];

export async function generateMetadata() {
  return { title: (await getTranslations('console.supplier'))('title') };
}

export default async function SupplierPage({ params, searchParams }: Props) {
  const { locale, id } = await localeParams(params);
  setRequestLocale(locale);
  const operator = await requireOperator();
  const db = await getDb();
  const entry = isUuid(id) ? await getEntry(db, operator.workspaceId, id) : undefined;
  if (!entry) notFound();
  const requested = (await searchParams).tab as EntryTab;
  const tab = TABS.includes(requested) ? requested : 'data';
  const t = await getTranslations('console.supplier');
  const format = await getFormatter();
  const when = (at: Date) => format.dateTime(at, { dateStyle: 'medium', timeStyle: 'medium' });
  const label = await workflowLabeler();
  const now = new Date();
  const [workflows, certificate, states, jobs] = await Promise.all([
    listWorkflows(db, operator.workspaceId, { limit: 100 }),
    getCertificateStatus(db, entry.id, now),
    listEntryStates(db, operator.workspaceId, entry.id),
    listJobs(db, operator.workspaceId, { limit: 50, siloEntryId: entry.id }),
  ]);
  const party = partyOf(entry.data);
  const registration = workflows.list.filter((w) => w.template === 'ar-supplier-registration');
  return (
    <>
      <PageHeader
        title={party.name || t('title')}
        description={party.cuit ? `CUIT ${formatCuit(party.cuit)}` : undefined}
        actions={<StateBadge state={entry.state} />}
      />
      <div className="grid gap-6 md:grid-cols-2">
        <Card title={t('run.title')} id="run-title">
          <RunWorkflowForm
            entryId={entry.id}
            registered={entry.state === 'registered'}
            workflows={registration.map((w) => ({
              id: w.id,
              label: `${label(w)} · ${when(w.createdAt)}`,
            }))}
          />
        </Card>
        <CertificateCard certificate={certificate} now={now} />
      </div>
      <EntryTabs entryId={entry.id} current={tab} />
      <div id="tab-panel" aria-labelledby={`tab-${tab}`} role="region" className="space-y-4">
        {tab === 'data' ? (
          <Card>
            <DataList
              items={[
                { label: t('fields.name'), value: party.name || '—' },
                { label: t('fields.cuit'), value: party.cuit ? formatCuit(party.cuit) : '—' },
                { label: t('fields.state'), value: <StateBadge state={entry.state} /> },
                { label: t('fields.id'), value: <code className="break-all">{entry.id}</code> },
                { label: t('fields.folder'), value: entry.folder ?? '—' },
                { label: t('fields.created'), value: when(entry.createdAt) },
                { label: t('fields.updated'), value: when(entry.updatedAt) },
              ]}
            />
            <h2 className="mb-2 mt-4 text-base font-semibold">{t('fields.json')}</h2>
            <pre
              tabIndex={0}
              aria-label={t('fields.json')}
              className="overflow-x-auto rounded bg-slate-50 p-3 text-xs"
            >
              {JSON.stringify(entry.data, null, 2)}
            </pre>
          </Card>
        ) : null}
        {tab === 'history' ? (
          <Card>
            <ol className="space-y-2" data-testid="state-history">
              {(states ?? []).map((state) => (
                <li key={state.id} className="flex flex-wrap items-center gap-3">
                  <StateBadge state={state.state} />
                  <span className="text-sm text-slate-700">{when(state.createdAt)}</span>
                </li>
              ))}
            </ol>
          </Card>
        ) : null}
        {tab === 'meta' ? <MetaPanel meta={entry.meta} /> : null}
        {tab === 'jobs' ? (
          jobs.list.length ? (
            <JobList
              jobs={jobs.list}
              names={{
                subjects: { [entry.id]: { kind: 'supplier', name: party.name } },
                workflows: Object.fromEntries(workflows.list.map((w) => [w.id, w])),
              }}
            />
          ) : (
            <EmptyState>{t('noJobs')}</EmptyState>
          )
        ) : null}
      </div>
    </>
  );
}
