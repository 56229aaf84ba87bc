import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getDb } from '@/lib/db';
import { Link, localeParams } from '@/lib/i18n';
import { isAppConnected } from '@/lib/workspaces';
import { WorkflowForm } from './workflow-form';
import { Card, linkClass, PageHeader } from '@/components/console/ui';
import { requireOperator } from '../../../session';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata() {
  return { title: (await getTranslations('console.workflows'))('newTitle') };
}

export default async function NewWorkflowPage({ params }: Props) {
  setRequestLocale((await localeParams(params)).locale);
  const operator = await requireOperator();
  const t = await getTranslations('console.workflows');
  const connected = await isAppConnected(await getDb(), operator.workspaceId, 'gov-ar');
  return (
    <>
      <PageHeader title={t('newTitle')} description={t('newLead')} />
      {connected ? null : (
        <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          {t('notConnected')}{' '}
          <Link href="/console/apps" className={linkClass}>
            {t('connectFirst')}
          </Link>
        </p>
      )}
      <Card>
        <WorkflowForm />
      </Card>
    </>
  );
}
