import { getFormatter, getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n';
import { StatusBadge } from './badges';
import type { JobNames } from './job-names';
import { subjectText } from './job-subject';
import { workflowLabeler } from './workflow-labeler';

type JobSummary = {
  id: string;
  status: string;
  createdAt: Date;
  completedAt: Date | null;
  siloEntryId: string;
  workflowId: string;
};

export async function JobList({ jobs, names }: { jobs: JobSummary[]; names: JobNames }) {
  const consoleT = await getTranslations('console');
  const t = await getTranslations('console.jobs');
  const format = await getFormatter();
  const label = await workflowLabeler();
  return (
    <ul
      className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
      data-testid="job-list"
    >
      {jobs.map((job) => (
        <li
          key={job.id}
          className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 p-4"
        >
          <div className="min-w-0">
            <Link
              href={`/console/jobs/${job.id}`}
              className="inline-block break-words font-semibold text-brand-700 underline underline-offset-2"
            >
              {t('subjectAndWorkflow', {
                subject: subjectText(consoleT, names.subjects[job.siloEntryId]),
                workflow: names.workflows[job.workflowId]
                  ? label(names.workflows[job.workflowId]!)
                  : t('unknownWorkflow'),
              })}
            </Link>
            <p className="text-sm text-slate-600">
              {t('createdAt', {
                when: format.dateTime(job.createdAt, { dateStyle: 'medium', timeStyle: 'medium' }),
              })}
              {job.completedAt
                ? ` · ${t('completedAt', { when: format.dateTime(job.completedAt, { dateStyle: 'medium', timeStyle: 'medium' }) })}`
                : ''}
            </p>
          </div>
          <StatusBadge status={job.status} />
        </li>
      ))}
    </ul>
  );
}
