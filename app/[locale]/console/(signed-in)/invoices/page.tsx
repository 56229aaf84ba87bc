import { getTranslations, setRequestLocale } from 'next-intl/server';
import { normalizeCuit } from '@/lib/arca';
import { getDb } from '@/lib/db';
import { Link, localeParams } from '@/lib/i18n';
import { listInvoices } from '@/lib/invoices';
import { findEntries, partyOf } from '@/lib/silo';
import { CustomerDocumentText } from '@/components/console/customer-document-text';
import { formatDay, formatMoney } from '@/components/console/invoice-format';
import { InvoiceStateBadge } from '@/components/console/invoice-state-badge';
import { Pagination } from '@/components/console/pagination';
import { EmptyState, PageHeader } from '@/components/console/ui';
import { VoucherTypeLabel } from '@/components/console/voucher-type-label';
import { requireOperator } from '../../session';
import { InvoiceFilterForm } from './invoice-filter-form';
import { FilterProblems } from './filter-problems';
import {
  filterQuery,
  invoiceFilterProblems,
  invoiceFilters,
  type InvoiceSearchParams,
} from './invoice-filters';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<InvoiceSearchParams>;
};

const PAGE_SIZE = 20;

export async function generateMetadata() {
  return { title: (await getTranslations('console.invoices'))('title') };
}

export default async function InvoicesPage({ params, searchParams }: Props) {
  const { locale } = await localeParams(params);
  setRequestLocale(locale);
  const operator = await requireOperator();
  const search = await searchParams;
  const filters = invoiceFilters(search, PAGE_SIZE);
  const t = await getTranslations('console.invoices');
  const db = await getDb();
  const [result, suppliers] = await Promise.all([
    listInvoices(db, operator.workspaceId, filters),
    findEntries(db, operator.workspaceId, { folder: 'suppliers', page: 1, pageSize: 100 }),
  ]);
  const query = filterQuery(filters);
  const filtered = Object.keys(query).length > 0;
  const supplierOptions = new Map<string, string>();
  for (const entry of suppliers.list) {
    const party = partyOf(entry.data);
    if (party.cuit) supplierOptions.set(normalizeCuit(party.cuit), party.name);
  }
  return (
    <>
      <PageHeader title={t('title')} description={t('lead')} />
      <InvoiceFilterForm
        filters={filters}
        suppliers={[...supplierOptions].map(([cuit, name]) => ({ cuit, name }))}
      />
      <FilterProblems problems={invoiceFilterProblems(search)} />
      <p className="text-sm text-slate-700" aria-live="polite">
        {filtered
          ? t('filteredCount', { count: result.total })
          : t('count', { count: result.total })}
      </p>
      {result.list.length === 0 ? (
        <EmptyState>{filtered ? t('noMatches') : t('empty')}</EmptyState>
      ) : (
        <ul
          className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
          data-testid="invoice-list"
        >
          {result.list.map((invoice) => (
            <li key={invoice.id} className="space-y-1 p-4" data-testid="invoice-row">
              <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
                <p className="min-w-0">
                  <Link
                    href={`/console/invoices/${invoice.id}`}
                    className="font-mono font-semibold text-brand-700 underline underline-offset-2"
                  >
                    {invoice.displayNumber ?? t('unnumbered')}
                  </Link>{' '}
                  <span className="text-sm text-slate-700">
                    · <VoucherTypeLabel voucherType={invoice.voucherType} />
                  </span>
                </p>
                <InvoiceStateBadge state={invoice.state} />
              </div>
              <dl className="grid gap-x-4 gap-y-1 text-sm text-slate-700 sm:grid-cols-4">
                <div className="sm:col-span-2">
                  <dt className="sr-only">{t('columns.customer')}</dt>
                  <dd>
                    {invoice.customer?.name ?? t('finalConsumer')}
                    {invoice.customer?.document ? (
                      <>
                        {' · '}
                        <CustomerDocumentText document={invoice.customer.document} />
                      </>
                    ) : null}
                  </dd>
                </div>
                <div>
                  <dt className="sr-only">{t('columns.total')}</dt>
                  <dd className="font-semibold text-slate-900" data-testid="invoice-total">
                    {invoice.total ? formatMoney(locale, invoice.total, invoice.currency) : '—'}
                  </dd>
                </div>
                <div>
                  <dt className="sr-only">{t('columns.date')}</dt>
                  <dd>{invoice.issueDate ? formatDay(locale, invoice.issueDate) : '—'}</dd>
                </div>
                {invoice.cae ? (
                  <div className="sm:col-span-4">
                    <dt className="inline">{t('columns.cae')}</dt>{' '}
                    <dd className="inline font-mono" data-testid="invoice-cae">
                      {invoice.cae}
                    </dd>
                  </div>
                ) : null}
              </dl>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={result.page}
        pages={result.pages}
        href={(p) => ({
          pathname: '/console/invoices',
          query: { ...query, ...(p > 1 ? { page: String(p) } : {}) },
        })}
      />
    </>
  );
}
