import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import { getDb } from '@/lib/db';
import { Link, localeParams } from '@/lib/i18n';
import { listWorkflows } from '@/lib/transform';
import { buttonClass, EmptyState, PageHeader } from '@/components/console/ui';
import { requireOperator } from '../../session';
import { workflowLabeler } from '@/components/console/workflow-labeler';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata() {
  return { title: (await getTranslations('console.workflows'))('title') };
}

export default async function WorkflowsPage({ params }: Props) {
  setRequestLocale((await localeParams(params)).locale);
  const operator = await requireOperator();
  const t = await getTranslations('console.workflows');
  const format = await getFormatter();
  const label = await workflowLabeler();
  const { list } = await listWorkflows(await getDb(), operator.workspaceId, { limit: 100 });
  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('lead')}
        actions={
          <Link href="/console/workflows/new" className={buttonClass}>
            {t('new')}
          </Link>
        }
      />
      {list.length === 0 ? (
        <EmptyState>{t('empty')}</EmptyState>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {list.map((workflow) => (
            <li key={workflow.id} className="flex flex-wrap items-center justify-between gap-2 p-4">
              <div className="min-w-0">
                <Link
                  href={`/console/workflows/${workflow.id}`}
                  className="font-semibold text-brand-700 underline underline-offset-2"
                >
                  {label(workflow)}
                </Link>
                <p className="text-sm text-slate-600">
                  {t('stepCount', { count: workflow.steps.length })}
                  {workflow.steps.some((s) => s.provider === 'webhook')
                    ? ` · ${t('withWebhook')}`
                    : ''}
                </p>
              </div>
              <p className="text-sm text-slate-600">
                {format.dateTime(workflow.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
