import { getTranslations } from 'next-intl/server';
import type { InvoiceDetail } from '@/lib/invoices';
import { formatMoney, formatPercent } from '@/components/console/invoice-format';

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
  const { invoice, calculation } = read;
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
      <table className="w-full border-collapse" data-testid="print-lines">
        <caption className="sr-only">{t('lines.title')}</caption>
        <thead className="bg-slate-100 print:bg-transparent">
          <tr>
            <th scope="col" className={number}>
              {t('lines.quantity')}
            </th>
            <th scope="col" className={cell}>
              {t('lines.item')}
            </th>
            <th scope="col" className={number}>
              {t('lines.price')}
            </th>
            <th scope="col" className={number}>
              {t('lines.discount')}
            </th>
            <th scope="col" className={number}>
              {t('lines.vat')}
            </th>
            <th scope="col" className={number}>
              {t('lines.total')}
            </th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((line, i) => {
            const calculated = calculation.lines[i]!;
            const vat = calculated.vat;
            return (
              <tr key={i}>
                <td className={number}>{line.quantity}</td>
                <td className={cell}>{line.item.name}</td>
                <td className={number}>{money(line.item.price)}</td>
                <td className={number}>
                  {calculated.discount === '0.00' ? '—' : money(calculated.discount)}
                </td>
                <td className={number}>
                  {vat.kind === 'taxed'
                    ? formatPercent(locale, vat.percent)
                    : vat.kind === 'exempt'
                      ? t('lines.exempt')
                      : vat.kind === 'not-taxed'
                        ? t('lines.notTaxed')
                        : '—'}
                </td>
                <td className={number}>{money(calculated.total)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
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
