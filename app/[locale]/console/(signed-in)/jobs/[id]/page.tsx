import { notFound } from 'next/navigation';
import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import { getDb } from '@/lib/db';
import { Link, localeParams } from '@/lib/i18n';
import { getEntry } from '@/lib/silo';
import { getJob, getWorkflow, isJobFaultCode } from '@/lib/transform';
import { StatusBadge } from '@/components/console/badges';
import { IntentList } from '@/components/console/intent-list';
import { Card, DataList, linkClass, PageHeader } from '@/components/console/ui';
import { isUuid } from '@/components/console/is-uuid';
import { jobSubjectOf } from '@/components/console/job-names';
import { documentKindOf, subjectText } from '@/components/console/job-subject';
import { requireOperator } from '../../../session';
import { workflowLabeler } from '@/components/console/workflow-labeler';

type Props = { params: Promise<{ locale: string; id: string }> };

export async function generateMetadata() {
  return { title: (await getTranslations('console.jobs'))('detailTitle') };
}

export default async function JobPage({ params }: Props) {
  const { locale, id } = await localeParams(params);
  setRequestLocale(locale);
  const operator = await requireOperator();
  const db = await getDb();
  const job = isUuid(id) ? await getJob(db, operator.workspaceId, id) : undefined;
  if (!job) notFound();
  const [entry, workflow] = await Promise.all([
    getEntry(db, operator.workspaceId, job.siloEntryId),
    getWorkflow(db, operator.workspaceId, job.workflowId),
  ]);
  const subject = entry ? jobSubjectOf(entry.data) : undefined;
  const consoleT = await getTranslations('console');
  const subjectName = subjectText(consoleT, subject);
  const isInvoice = subject ? subject.kind === 'invoice' : workflow?.schema === 'bill/invoice';
  const t = await getTranslations('console.jobs');
  const format = await getFormatter();
  const label = await workflowLabeler();
  const workflowName = workflow ? label(workflow) : t('unknownWorkflow');
  const when = (at: Date | null) =>
    at ? format.dateTime(at, { dateStyle: 'medium', timeStyle: 'medium' }) : '—';
  return (
    <>
      <PageHeader
        title={t('detailTitle')}
        description={t('subjectAndWorkflow', {
          subject: subjectName,
          workflow: workflowName,
        })}
        actions={<StatusBadge status={job.status} />}
      />
      <Card>
        <DataList
          items={[
            { label: t('status'), value: <StatusBadge status={job.status} /> },
            {
              label: isInvoice ? t('invoice') : t('supplier'),
              value: (
                <Link
                  href={`/console/${isInvoice ? 'invoices' : 'suppliers'}/${job.siloEntryId}`}
                  className={linkClass}
                >
                  {subjectName}
                </Link>
              ),
            },
            {
              label: t('workflow'),
              value: (
                <Link href={`/console/workflows/${job.workflowId}`} className={linkClass}>
                  {workflowName}
                </Link>
              ),
            },
            { label: t('id'), value: <code className="break-all">{job.id}</code> },
            { label: t('created'), value: when(job.createdAt) },
            { label: t('updated'), value: when(job.updatedAt) },
            { label: t('completed'), value: when(job.completedAt) },
            ...(job.key ? [{ label: t('key'), value: <code>{job.key}</code> }] : []),
          ]}
        />
      </Card>
      {job.faults.length ? (
        <Card title={t('faults')} id="faults-title">
          <ul className="space-y-1 text-sm text-red-900">
            {job.faults.map((fault, index) => (
              <li key={index}>
                {fault.code ? <code className="mr-2">{fault.code}</code> : null}
                {isJobFaultCode(fault.code) ? (
                  t(`codes.${fault.code}`)
                ) : (
                  <span lang="en">{fault.message}</span>
                )}
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
      <Card title={t('intents')} id="intents-title">
        <IntentList
          intents={job.intents}
          steps={[...(workflow?.steps ?? []), ...(workflow?.rescue ?? [])]}
          documentKind={subject?.kind ?? documentKindOf(workflow?.schema)}
        />
      </Card>
    </>
  );
}
