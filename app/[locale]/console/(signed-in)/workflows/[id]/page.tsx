import { notFound } from 'next/navigation';
import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import { getDb } from '@/lib/db';
import { getWorkflow, type Step } from '@/lib/transform';
import { Card, DataList, PageHeader } from '@/components/console/ui';
import { StepList } from '@/components/console/step-list';
import { isUuid } from '@/components/console/is-uuid';
import { documentKindOf } from '@/components/console/job-subject';
import { localeParams } from '@/lib/i18n';
import { requireOperator } from '../../../session';
import { workflowLabeler } from '@/components/console/workflow-labeler';

type Props = { params: Promise<{ locale: string; id: string }> };

export async function generateMetadata() {
  return { title: (await getTranslations('console.workflows'))('detailTitle') };
}

export default async function WorkflowPage({ params }: Props) {
  const { locale, id } = await localeParams(params);
  setRequestLocale(locale);
  const operator = await requireOperator();
  const workflow = isUuid(id)
    ? await getWorkflow(await getDb(), operator.workspaceId, id)
    : undefined;
  if (!workflow) notFound();
  const t = await getTranslations('console.workflows');
  const format = await getFormatter();
  const label = await workflowLabeler();
  const documentKind = documentKindOf(workflow.schema);
  return (
    <>
      {/* The template's description is stored in English (the API's language); the console says it in its own. */}
      <PageHeader
        title={label(workflow)}
        description={
          workflow.template === 'ar-supplier-registration'
            ? t('templateDescription')
            : workflow.template === 'ar-invoice'
              ? t('invoiceTemplateDescription')
              : workflow.description || undefined
        }
      />
      <Card>
        <DataList
          items={[
            { label: t('id'), value: <code className="break-all">{workflow.id}</code> },
            { label: t('template'), value: workflow.template ?? '—' },
            {
              label: t('created'),
              value: format.dateTime(workflow.createdAt, {
                dateStyle: 'medium',
                timeStyle: 'short',
              }),
            },
          ]}
        />
      </Card>
      <Card title={t('steps')} id="steps-title">
        <StepList steps={workflow.steps as Step[]} documentKind={documentKind} />
      </Card>
      <Card title={t('rescue')} id="rescue-title">
        <p className="mb-3 text-sm text-slate-700">{t('rescueLead')}</p>
        <StepList steps={workflow.rescue as Step[]} documentKind={documentKind} />
      </Card>
    </>
  );
}
