import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getDb } from '@/lib/db';
import { Link, localeParams } from '@/lib/i18n';
import { findEntries } from '@/lib/silo';
import { listJobs, listWorkflows } from '@/lib/transform';
import { isAppConnected } from '@/lib/workspaces';
import { Card, linkClass, PageHeader } from '@/components/console/ui';
import { NumberedSteps } from '@/components/ui/numbered-steps';
import { requireOperator } from '../session';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata() {
  return { title: (await getTranslations('console.home'))('title') };
}

export default async function ConsoleHome({ params }: Props) {
  setRequestLocale((await localeParams(params)).locale);
  const operator = await requireOperator();
  const db = await getDb();
  const t = await getTranslations('console.home');
  const [connected, workflows, suppliers, jobs] = await Promise.all([
    isAppConnected(db, operator.workspaceId, 'gov-ar'),
    listWorkflows(db, operator.workspaceId, { limit: 1 }),
    findEntries(db, operator.workspaceId, { folder: 'suppliers', page: 1, pageSize: 1 }),
    listJobs(db, operator.workspaceId, { limit: 1 }),
  ]);
  const steps = [
    { key: 'connect', done: connected, href: '/console/apps' },
    { key: 'workflow', done: workflows.list.length > 0, href: '/console/workflows/new' },
    { key: 'supplier', done: suppliers.total > 0, href: '/console/suppliers/new' },
    { key: 'run', done: jobs.list.length > 0, href: '/console/suppliers' },
  ] as const;
  return (
    <>
      <PageHeader title={t('title')} description={t('lead')} />
      <Card title={t('stepsTitle')} id="steps-title">
        <NumberedSteps
          tone="muted"
          steps={steps.map((step) => ({
            key: step.key,
            done: step.done,
            content: (
              <span className="pt-0.5">
                <Link href={step.href} className={linkClass}>
                  {t(`steps.${step.key}`)}
                </Link>
                <span className="ml-2 text-sm text-slate-600">
                  {step.done ? t('done') : t('pending')}
                </span>
              </span>
            ),
          }))}
        />
      </Card>
    </>
  );
}
