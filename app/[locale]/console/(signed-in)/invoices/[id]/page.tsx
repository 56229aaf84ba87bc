import { notFound } from 'next/navigation';
import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import { formatCuit } from '@/lib/arca';
import { getDb } from '@/lib/db';
import { getPathname, Link, localeParams } from '@/lib/i18n';
import { EDITABLE_STATES, getInvoice } from '@/lib/invoices';
import { saleTerms } from '@/lib/invoice-model';
import { listEntryFiles, listEntryStates } from '@/lib/silo';
import { getWorkflowNames, listJobs } from '@/lib/transform';
import { CustomerDocumentText } from '@/components/console/customer-document-text';
import { formatDay, formatMoney } from '@/components/console/invoice-format';
import { InvoiceStateBadge } from '@/components/console/invoice-state-badge';
import { isUuid } from '@/components/console/is-uuid';
import { JobList } from '@/components/console/job-list';
import { Card, DataList, PageHeader, secondaryButtonClass } from '@/components/console/ui';
import { voucherTypeName } from '@/components/console/voucher-type-label';
import { requireOperator } from '../../../session';
import { ArcaAnswer } from './arca-answer';
import { InvoiceEvents } from './invoice-events';
import { InvoiceFiles } from './invoice-files';
import { InvoiceLines } from './invoice-lines';
import { CreditNoteForm } from './credit-note-form';
import { SendInvoiceForm } from './send-invoice-form';

type Props = {
  params: Promise<{ locale: string; id: string }>;
  searchParams: Promise<{ lines?: string | string[] }>;
};

export async function generateMetadata() {
  return { title: (await getTranslations('console.invoice'))('title') };
}

export default async function InvoicePage({ params, searchParams }: Props) {
  const { locale, id } = await localeParams(params);
  setRequestLocale(locale);
  const operator = await requireOperator();
  const db = await getDb();
  const invoice = isUuid(id) ? await getInvoice(db, operator.workspaceId, id) : undefined;
  if (!invoice) notFound();
  const t = await getTranslations('console.invoice');
  const tList = await getTranslations('console.invoices');
  const tPrint = await getTranslations('invoicePrint');
  const format = await getFormatter();
  const [states, jobs, files] = await Promise.all([
    listEntryStates(db, operator.workspaceId, invoice.id),
    listJobs(db, operator.workspaceId, { limit: 20, siloEntryId: invoice.id }),
    listEntryFiles(db, operator.workspaceId, invoice.id),
  ]);
  const workflows = await getWorkflowNames(db, operator.workspaceId, [
    ...new Set(jobs.list.map((job) => job.workflowId)),
  ]);
  const name = voucherTypeName(invoice.voucherType);
  const type = name ? tList(`voucherTypes.${name.key}`, { class: name.voucherClass }) : t('title');
  const title = invoice.displayNumber
    ? t('numberedTitle', { type, number: invoice.displayNumber })
    : t('unnumberedTitle', { type });
  const {
    period,
    dueDate,
    exchangeRate: rate,
  } = invoice.read ? saleTerms(invoice.read.invoice) : {};
  const sendLead = {
    empty: t('send.leadEmpty'),
    error: t('send.leadError'),
    processing: t('send.leadProcessing'),
    sent: t('send.leadSent'),
  }[invoice.state];
  const editable = (EDITABLE_STATES as readonly string[]).includes(invoice.state);
  return (
    <>
      <PageHeader
        title={title}
        description={invoice.supplier.name ?? undefined}
        actions={
          <>
            <InvoiceStateBadge state={invoice.state} />
            {editable ? (
              <Link href={`/console/invoices/${invoice.id}/edit`} className={secondaryButtonClass}>
                {t('edit.link')}
              </Link>
            ) : null}
            <Link href={`/console/invoices/${invoice.id}/print`} className={secondaryButtonClass}>
              {t('print')}
            </Link>
            <a
              href={getPathname({ href: `/console/invoices/${invoice.id}/pdf`, locale })}
              download
              className={secondaryButtonClass}
            >
              {tPrint('download')}
            </a>
          </>
        }
      />
      <div className="grid gap-6 md:grid-cols-2">
        <Card title={t('send.title')} id="send-title">
          {sendLead ? <p className="mb-3 text-sm text-slate-700">{sendLead}</p> : null}
          {/* Always mounted: the action's answer stays after the page re-renders in its new state. */}
          <SendInvoiceForm
            invoiceId={invoice.id}
            sendable={invoice.state === 'empty' || invoice.state === 'error'}
            retry={invoice.state === 'error'}
          />
        </Card>
        <ArcaAnswer invoice={invoice} locale={locale} />
      </div>
      {invoice.state === 'sent' ? (
        <Card title={t('correct.title')} id="correct-title">
          <p className="mb-3 text-sm text-slate-700">{t('correct.lead')}</p>
          <CreditNoteForm invoiceId={invoice.id} />
        </Card>
      ) : null}
      <div className="grid gap-6 md:grid-cols-3">
        <Card title={t('parties.supplier')} id="supplier-title">
          <p className="font-medium">{invoice.supplier.name ?? '—'}</p>
          <p className="text-sm text-slate-700">
            {t('fields.cuit')} {invoice.supplier.cuit ? formatCuit(invoice.supplier.cuit) : '—'}
          </p>
        </Card>
        <Card title={t('parties.customer')} id="customer-title">
          <p className="font-medium">{invoice.customer?.name ?? tList('finalConsumer')}</p>
          {invoice.customer?.document ? (
            <p className="text-sm text-slate-700">
              <CustomerDocumentText document={invoice.customer.document} />
            </p>
          ) : null}
        </Card>
        <Card>
          <DataList
            items={[
              { label: t('fields.type'), value: name ? type : tList('typeUnset') },
              { label: t('fields.pointOfSale'), value: invoice.pointOfSale ?? '—' },
              { label: t('fields.number'), value: invoice.number ?? tList('unnumbered') },
              {
                label: t('fields.issueDate'),
                value: invoice.issueDate ? formatDay(locale, invoice.issueDate) : '—',
              },
              { label: t('fields.currency'), value: invoice.currency },
              ...(rate
                ? [
                    {
                      label: t('fields.exchangeRate'),
                      value: formatMoney(locale, rate.amount, 'ARS'),
                    },
                  ]
                : []),
              ...(period
                ? [
                    {
                      label: t('fields.period'),
                      value: t('periodValue', {
                        start: formatDay(locale, period.start),
                        end: formatDay(locale, period.end),
                      }),
                    },
                  ]
                : []),
              ...(dueDate
                ? [{ label: t('fields.dueDate'), value: formatDay(locale, dueDate) }]
                : []),
              {
                label: t('fields.created'),
                value: format.dateTime(invoice.createdAt, {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                }),
              },
            ]}
          />
        </Card>
      </div>
      {invoice.read ? (
        <InvoiceLines
          read={invoice.read}
          currency={invoice.currency}
          locale={locale}
          invoiceId={invoice.id}
          linesAsked={(await searchParams).lines}
        />
      ) : (
        <Card title={t('json')} id="json-title">
          <p className="mb-2 text-sm text-slate-700">{t('unreadable')}</p>
          <pre
            tabIndex={0}
            aria-labelledby="json-title"
            className="overflow-x-auto rounded bg-slate-50 p-3 text-xs"
          >
            {JSON.stringify(invoice.doc, null, 2)}
          </pre>
        </Card>
      )}
      <InvoiceFiles invoiceId={invoice.id} files={files} locale={locale} />
      <InvoiceEvents states={states ?? []} />
      {jobs.list.length ? (
        <section aria-labelledby="jobs-title" className="space-y-2">
          <h2 id="jobs-title" className="text-lg font-semibold">
            {t('events.jobs')}
          </h2>
          <JobList
            jobs={jobs.list}
            names={{
              subjects: {
                [invoice.id]: {
                  kind: 'invoice',
                  displayNumber: invoice.displayNumber,
                  voucherType: invoice.voucherType,
                  customer: invoice.customer?.name ?? null,
                },
              },
              workflows,
            }}
          />
        </section>
      ) : null}
    </>
  );
}
