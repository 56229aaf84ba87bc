import { getTranslations } from 'next-intl/server';
import type { InvoiceDetail } from '@/lib/invoices';
import { formatMoney, formatPercent } from '@/components/console/invoice-format';
import { InvoiceLinesTable } from '@/components/console/invoice-lines-table';
import { Pagination } from '@/components/console/pagination';
import { Card } from '@/components/console/ui';
import { linesPage } from './lines-page';

type Read = NonNullable<InvoiceDetail['read']>;

const cell = 'px-3 py-2 text-left align-top';
const number = 'px-3 py-2 text-right align-top tabular-nums whitespace-nowrap';
const HEAD = 'border-b border-slate-200 text-slate-700';

/** The lines, the IVA per rate and the totals, all as lib/invoice-model calculates them (decimal strings). */
export async function InvoiceLines({
  read,
  currency,
  locale,
  invoiceId,
  linesAsked,
}: {
  read: Read;
  currency: string;
  locale: string;
  invoiceId: string;
  /** The `lines` search parameter: which page of lines to show. */
  linesAsked: string | string[] | undefined;
}) {
  const t = await getTranslations('console.invoice');
  const money = (amount: string) => formatMoney(locale, amount, currency);
  const { calculation } = read;
  const shown = linesPage(linesAsked, read.invoice.lines.length);
  const totals: [string, string][] = [
    [
      calculation.lines.some((l) => l.vatIncluded) ? t('totals.sumWithVat') : t('totals.sum'),
      calculation.sum,
    ],
    ...(calculation.vat.length
      ? ([[t('totals.taxed'), calculation.taxed]] as [string, string][])
      : []),
    ...(calculation.exempt !== '0.00'
      ? ([[t('totals.exempt'), calculation.exempt]] as [string, string][])
      : []),
    ...(calculation.notTaxed !== '0.00'
      ? ([[t('totals.notTaxed'), calculation.notTaxed]] as [string, string][])
      : []),
    ...(calculation.vat.length
      ? ([[t('totals.vat'), calculation.vatTotal]] as [string, string][])
      : []),
    ...(calculation.charges.length
      ? ([[t('totals.charges'), calculation.chargesTotal]] as [string, string][])
      : []),
  ];
  return (
    <>
      <Card title={t('lines.title')} id="lines-title">
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby="lines-title">
          <InvoiceLinesTable
            read={read}
            currency={currency}
            locale={locale}
            classes={{ table: 'min-w-full text-sm', head: HEAD, cell, number }}
            testId="invoice-lines"
            rows={shown}
          />
        </div>
        {shown.pages > 1 ? (
          <div className="mt-3 space-y-2">
            <p className="text-sm text-slate-700" data-testid="invoice-lines-range">
              {t('lines.range', {
                from: shown.start + 1,
                to: shown.end,
                total: read.invoice.lines.length,
              })}
            </p>
            <Pagination
              page={shown.page}
              pages={shown.pages}
              label={t('lines.pages')}
              href={(page) => ({
                pathname: `/console/invoices/${invoiceId}`,
                query: { lines: String(page) },
              })}
            />
          </div>
        ) : null}
      </Card>
      <div className="grid gap-6 md:grid-cols-2">
        <Card title={t('vat.title')} id="vat-title">
          {calculation.vat.length === 0 ? (
            <p className="text-sm text-slate-700">{t('vat.none')}</p>
          ) : (
            <div className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby="vat-title">
              <table className="min-w-full text-sm" data-testid="invoice-vat">
                <thead className={HEAD}>
                  <tr>
                    <th scope="col" className={cell}>
                      {t('vat.rate')}
                    </th>
                    <th scope="col" className={number}>
                      {t('vat.base')}
                    </th>
                    <th scope="col" className={number}>
                      {t('vat.amount')}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {calculation.vat.map((rate) => (
                    <tr key={rate.rateId}>
                      <td className={cell}>{formatPercent(locale, rate.percent)}</td>
                      <td className={number}>{money(rate.base)}</td>
                      <td className={number}>{money(rate.amount)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Card>
        <Card title={t('totals.title')} id="totals-title">
          <dl className="divide-y divide-slate-100 text-sm" data-testid="invoice-totals">
            {totals.map(([label, amount]) => (
              <div key={label} className="flex justify-between gap-4 py-1.5">
                <dt className="text-slate-700">{label}</dt>
                <dd className="tabular-nums">{money(amount)}</dd>
              </div>
            ))}
            <div className="flex justify-between gap-4 py-2 text-base font-semibold">
              <dt>{t('totals.total')}</dt>
              <dd className="tabular-nums" data-testid="invoice-grand-total">
                {money(calculation.total)}
              </dd>
            </div>
          </dl>
        </Card>
      </div>
    </>
  );
}
