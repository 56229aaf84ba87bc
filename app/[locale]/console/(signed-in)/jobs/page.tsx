import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getDb } from '@/lib/db';
import { Link, localeParams } from '@/lib/i18n';
import { listJobs } from '@/lib/transform';
import { JobList } from '@/components/console/job-list';
import { jobNames } from '@/components/console/job-names';
import { EmptyState, PageHeader, secondaryButtonClass } from '@/components/console/ui';
import { requireOperator } from '../../session';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ cursor?: string }> };

export async function generateMetadata() {
  return { title: (await getTranslations('console.jobs'))('title') };
}

export default async function JobsPage({ params, searchParams }: Props) {
  setRequestLocale((await localeParams(params)).locale);
  const operator = await requireOperator();
  const t = await getTranslations('console.jobs');
  const { cursor } = await searchParams;
  const db = await getDb();
  // A hand-edited cursor is not an error page: start from the newest again.
  const result = await listJobs(db, operator.workspaceId, { limit: 20, cursor }).catch(() =>
    listJobs(db, operator.workspaceId, { limit: 20 }),
  );
  const names = await jobNames(db, operator.workspaceId, result.list);
  return (
    <>
      <PageHeader title={t('title')} description={t('lead')} />
      {result.list.length === 0 ? (
        <EmptyState>{t('empty')}</EmptyState>
      ) : (
        <JobList jobs={result.list} names={names} />
      )}
      <nav aria-label={t('pages')} className="flex flex-wrap justify-between gap-2">
        {cursor ? (
          <Link href="/console/jobs" className={secondaryButtonClass}>
            {t('newest')}
          </Link>
        ) : (
          <span />
        )}
        {result.nextCursor ? (
          <Link
            href={{ pathname: '/console/jobs', query: { cursor: result.nextCursor } }}
            className={secondaryButtonClass}
            rel="next"
          >
            {t('older')}
          </Link>
        ) : null}
      </nav>
    </>
  );
}
