import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import { formatCuit } from '@/lib/arca';
import { getDb } from '@/lib/db';
import { Link, localeParams } from '@/lib/i18n';
import { findSuppliers } from '@/lib/registration';
import { partyOf } from '@/lib/silo';
import { StateBadge } from '@/components/console/badges';
import { CertificateExpiry } from '@/components/console/certificate-expiry';
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
  searchParams: Promise<{
    q?: string | string[];
    page?: string | string[];
    expiring?: string | string[];
  }>;
};

const PAGE_SIZE = 20;

export async function generateMetadata() {
  return { title: (await getTranslations('console.suppliers'))('title') };
}

export default async function SuppliersPage({ params, searchParams }: Props) {
  setRequestLocale((await localeParams(params)).locale);
  const operator = await requireOperator();
  const { q, page, expiring: expiringParam } = await searchParams;
  // A repeated parameter (?q=a&q=b) arrives as an array: the first one counts.
  const query = [q].flat()[0]?.slice(0, 200) ?? '';
  const expiring = [expiringParam].flat()[0] === '1';
  const t = await getTranslations('console.suppliers');
  const te = await getTranslations('console.certificateExpiry');
  const now = new Date();
  const format = await getFormatter();
  const result = await findSuppliers(await getDb(), operator.workspaceId, {
    query,
    expiring,
    now,
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
          <div className="flex items-start gap-2 self-center">
            <input
              id="expiring"
              name="expiring"
              type="checkbox"
              value="1"
              defaultChecked={expiring}
              aria-describedby="expiring-help"
              className="mt-1"
            />
            <div>
              <label htmlFor="expiring" className="text-sm font-medium">
                {te('filter')}
              </label>
              <p id="expiring-help" className="text-xs text-slate-600">
                {te('filterHelp')}
              </p>
            </div>
          </div>
          <button type="submit" className={secondaryButtonClass}>
            {t('searchSubmit')}
          </button>
        </form>
      </div>
      <p className="text-sm text-slate-700" aria-live="polite">
        {query
          ? t('resultsFor', { count: result.total, query })
          : expiring
            ? te('count', { count: result.total })
            : t('count', { count: result.total })}
      </p>
      {result.list.length === 0 ? (
        <EmptyState>{query ? t('noMatches') : expiring ? te('none') : t('empty')}</EmptyState>
      ) : (
        <ul
          className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
          data-testid="supplier-list"
        >
          {result.list.map(({ entry, certificateNotAfter, renewing }) => {
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
                <div className="flex flex-wrap items-center gap-3">
                  {certificateNotAfter ? (
                    <CertificateExpiry notAfter={certificateNotAfter} now={now} />
                  ) : null}
                  {renewing ? (
                    <span
                      data-testid="renewing"
                      className="rounded bg-sky-50 px-1.5 text-sm text-sky-900 ring-1 ring-inset ring-sky-300"
                    >
                      {te('renewing')}
                    </span>
                  ) : null}
                  <StateBadge state={entry.state} />
                </div>
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
          query: {
            ...(query ? { q: query } : {}),
            ...(expiring ? { expiring: '1' } : {}),
            ...(p > 1 ? { page: String(p) } : {}),
          },
        })}
      />
    </>
  );
}
