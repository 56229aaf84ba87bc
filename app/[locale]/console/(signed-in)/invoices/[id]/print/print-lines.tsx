import { getTranslations } from 'next-intl/server';
import type { InvoiceDetail } from '@/lib/invoices';
import { formatMoney, formatPercent } from '@/components/console/invoice-format';
import { InvoiceLinesTable } from '@/components/console/invoice-lines-table';

const cell = 'border-b border-slate-300 px-1.5 py-1 text-left align-top';
const number = `${cell} text-right tabular-nums whitespace-nowrap`;

/** The printed voucher's lines, IVA per rate and totals (decimal strings from lib/invoicing). */
export async function PrintLines({
  read,
  currency,
  locale,
}: {
  read: NonNullable<InvoiceDetail['read']>;
  currency: string;
  locale: string;
}) {
  const t = await getTranslations('console.invoice');
  const money = (amount: string) => formatMoney(locale, amount, currency);
  const { calculation } = read;
  const rows: [string, string][] = [
    [t('totals.sum'), calculation.sum],
    ...calculation.vat.map(
      (v) =>
        [`${t('totals.vat')} ${formatPercent(locale, v.percent)}`, v.amount] as [string, string],
    ),
    ...(calculation.exempt !== '0.00'
      ? [[t('totals.exempt'), calculation.exempt] as [string, string]]
      : []),
    ...(calculation.notTaxed !== '0.00'
      ? [[t('totals.notTaxed'), calculation.notTaxed] as [string, string]]
      : []),
    ...(calculation.charges.length
      ? [[t('totals.charges'), calculation.chargesTotal] as [string, string]]
      : []),
  ];
  return (
    <>
      {/* A phone's screen is narrower than the voucher's six columns; A4 paper is not. */}
      <div
        className="overflow-x-auto print:overflow-visible"
        tabIndex={0}
        role="region"
        aria-label={t('lines.title')}
      >
        <InvoiceLinesTable
          read={read}
          currency={currency}
          locale={locale}
          classes={{
            table: 'w-full border-collapse',
            head: 'bg-slate-100 print:bg-transparent',
            cell,
            number,
          }}
          testId="print-lines"
          caption={t('lines.title')}
        />
      </div>
      <dl
        className="ml-auto w-full max-w-xs space-y-0.5 break-inside-avoid"
        data-testid="print-totals"
      >
        {rows.map(([label, amount]) => (
          <div key={label} className="flex justify-between gap-4">
            <dt>{label}</dt>
            <dd className="tabular-nums">{money(amount)}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-slate-900 pt-1 text-base font-bold">
          <dt>{t('totals.total')}</dt>
          <dd className="tabular-nums">{money(calculation.total)}</dd>
        </div>
      </dl>
    </>
  );
}
