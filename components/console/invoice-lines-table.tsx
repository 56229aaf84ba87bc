import { getTranslations } from 'next-intl/server';
import type { InvoiceDetail } from '@/lib/invoices';
import { formatMoney, formatPercent } from './invoice-format';

interface Props {
  read: NonNullable<InvoiceDetail['read']>;
  currency: string;
  locale: string;
  /** The look of the page it is on: the console's card or the printed voucher. */
  classes: { table: string; head: string; cell: string; number: string };
  testId: string;
  /** A caption for screen readers, where no heading names the table. */
  caption?: string;
  /** The rows shown, as indexes into the lines (start included, end not); all when absent. */
  rows?: { start: number; end: number };
}

/** The invoice's lines as lib/invoice-model calculates them (decimal strings), on screen and in print. */
export async function InvoiceLinesTable({
  read,
  currency,
  locale,
  classes,
  testId,
  caption,
  rows,
}: Props) {
  const t = await getTranslations('console.invoice');
  const money = (amount: string) => formatMoney(locale, amount, currency);
  const { invoice, calculation } = read;
  const { cell, number } = classes;
  // Prices given with IVA (`tax.prices_include`) are shown as written, and said to include it.
  const vatIncluded = calculation.lines.some((l) => l.vatIncluded);
  return (
    <table className={classes.table} data-testid={testId}>
      {caption && <caption className="sr-only">{caption}</caption>}
      <thead className={classes.head}>
        <tr>
          <th scope="col" className={number}>
            {t('lines.quantity')}
          </th>
          <th scope="col" className={cell}>
            {t('lines.item')}
          </th>
          <th scope="col" className={number}>
            {vatIncluded ? t('lines.priceWithVat') : t('lines.price')}
          </th>
          <th scope="col" className={number}>
            {t('lines.discount')}
          </th>
          <th scope="col" className={number}>
            {t('lines.vat')}
          </th>
          <th scope="col" className={number}>
            {vatIncluded ? t('lines.totalWithVat') : t('lines.total')}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {invoice.lines.slice(rows?.start, rows?.end).map((line, shown) => {
          const i = (rows?.start ?? 0) + shown;
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
                      : t('lines.noVat')}
              </td>
              <td className={number}>{money(calculated.total)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
