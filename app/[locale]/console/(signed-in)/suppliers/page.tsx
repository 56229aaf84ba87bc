import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import { formatCuit } from '@/lib/arca';
import { getDb } from '@/lib/db';
import { Link, localeParams } from '@/lib/i18n';
import { findEntries, partyOf } from '@/lib/silo';
import { StateBadge } from '@/components/console/badges';
import { Pagination } from '@/components/console/pagination';
import {
  buttonClass,
  EmptyState,
  inputClass,
  PageHeader,
  secondaryButtonClass,
} from '@/components/console/ui';
import { requireOperator } from '../../session';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<{ q?: string | string[]; page?: string | string[] }>;
};

const PAGE_SIZE = 20;

export async function generateMetadata() {
  return { title: (await getTranslations('console.suppliers'))('title') };
}

export default async function SuppliersPage({ params, searchParams }: Props) {
  setRequestLocale((await localeParams(params)).locale);
  const operator = await requireOperator();
  const { q, page } = await searchParams;
  // A repeated parameter (?q=a&q=b) arrives as an array: the first one counts.
  const query = [q].flat()[0]?.slice(0, 200) ?? '';
  const t = await getTranslations('console.suppliers');
  const format = await getFormatter();
  const result = await findEntries(await getDb(), operator.workspaceId, {
    folder: 'suppliers',
    query,
    page: Number([page].flat()[0]) || 1,
    pageSize: PAGE_SIZE,
  });
  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('lead')}
        actions={
          <Link href="/console/suppliers/new" className={buttonClass}>
            {t('new')}
          </Link>
        }
      />
      <div role="search">
        <form method="get" className="flex flex-wrap items-end gap-2">
          <div className="min-w-0 flex-1">
            <label htmlFor="q" className="block text-sm font-medium">
              {t('search')}
            </label>
            <input
              id="q"
              name="q"
              type="search"
              defaultValue={query}
              placeholder={t('searchPlaceholder')}
              className={inputClass}
            />
          </div>
          <button type="submit" className={secondaryButtonClass}>
            {t('searchSubmit')}
          </button>
        </form>
      </div>
      <p className="text-sm text-slate-700" aria-live="polite">
        {query
          ? t('resultsFor', { count: result.total, query })
          : t('count', { count: result.total })}
      </p>
      {result.list.length === 0 ? (
        <EmptyState>{query ? t('noMatches') : t('empty')}</EmptyState>
      ) : (
        <ul
          className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
          data-testid="supplier-list"
        >
          {result.list.map((entry) => {
            const party = partyOf(entry.data);
            return (
              <li
                key={entry.id}
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 p-4"
              >
                <div className="min-w-0">
                  <Link
                    href={`/console/suppliers/${entry.id}`}
                    className="font-semibold text-brand-700 underline underline-offset-2"
                  >
                    {party.name || t('unnamed')}
                  </Link>
                  <p className="text-sm text-slate-600">
                    {t('cuit')} {party.cuit ? formatCuit(party.cuit) : '—'} ·{' '}
                    {format.dateTime(entry.createdAt, { dateStyle: 'medium' })}
                  </p>
                </div>
                <StateBadge state={entry.state} />
              </li>
            );
          })}
        </ul>
      )}
      <Pagination
        page={result.page}
        pages={result.pages}
        href={(p) => ({
          pathname: '/console/suppliers',
          query: { ...(query ? { q: query } : {}), ...(p > 1 ? { page: String(p) } : {}) },
        })}
      />
    </>
  );
}
