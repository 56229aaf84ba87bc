import type { VoucherLayout } from '@/lib/invoice-print';
import { VoucherField } from './voucher-field';

const cell = 'border-b border-slate-300 px-1.5 py-1 align-top';
// The body's cells are styled from the table, not each cell: up to 1,000 lines × 7 cells (issue 26).
const bodyCells =
  '[&_td]:border-b [&_td]:border-slate-300 [&_td]:px-1.5 [&_td]:py-1 [&_td]:align-top [&_td]:text-left ' +
  '[&_td.amount]:whitespace-nowrap [&_td.amount]:text-right [&_td.amount]:tabular-nums';
/** Rows rendered between yields to the event loop, so a long voucher does not hold the server. */
const ROWS_PER_CHUNK = 100;

/** The voucher's lines and totals as the layout has them: the same columns and amounts as the PDF. */
export function VoucherLines({ layout }: { layout: VoucherLayout }) {
  const { lines, totals, transparency } = layout;
  return (
    <>
      {/* A phone's screen is narrower than the voucher's columns; paper is not: the table scrolls in its own box. */}
      <div
        className="max-w-full overflow-x-auto print:overflow-visible"
        tabIndex={0}
        role="region"
        aria-label={lines.title}
      >
        <table className={`w-full border-collapse ${bodyCells}`} data-testid="print-lines">
          <caption className="sr-only">{lines.title}</caption>
          <thead className="bg-slate-100 print:bg-transparent">
            <tr>
              {lines.columns.map((column) => (
                <th
                  key={column.label}
                  scope="col"
                  className={`${cell} ${column.align === 'right' ? 'text-right' : 'text-left'}`}
                >
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {chunks(lines.rows, ROWS_PER_CHUNK).map((rows, c) => (
              <LineRows
                key={c}
                rows={rows}
                right={lines.columns.map((col) => col.align === 'right')}
              />
            ))}
          </tbody>
        </table>
      </div>
      <dl
        className="ml-auto w-full max-w-xs space-y-0.5 break-inside-avoid"
        data-testid="print-totals"
      >
        {totals.fields.map((field) => (
          <div key={field.label} className="flex justify-between gap-4">
            <dt>{field.label}</dt>
            <dd className="tabular-nums">{field.value}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-slate-900 pt-1 text-base font-bold">
          <dt>{totals.total.label}</dt>
          <dd className="tabular-nums">{totals.total.value}</dd>
        </div>
      </dl>
      {transparency ? (
        <section
          aria-label={transparency.title}
          className="space-y-1 border border-slate-900 p-2 break-inside-avoid"
          data-testid="print-transparency"
        >
          <p className="font-semibold">{transparency.title}</p>
          {transparency.fields.map((field) => (
            <VoucherField key={field.label} field={field} />
          ))}
        </section>
      ) : null}
    </>
  );
}

function chunks<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) =>
    items.slice(i * size, (i + 1) * size),
  );
}

/**
 * One chunk of rows, rendered after the server's event loop has had a turn: an async component
 * makes React render the chunks as separate tasks, so other requests are served between them.
 */
async function LineRows({ rows, right }: { rows: string[][]; right: boolean[] }) {
  await new Promise<void>((resolve) => setImmediate(resolve));
  return rows.map((row, r) => (
    <tr key={r}>
      {row.map((text, i) => (
        <td key={i} className={right[i] ? 'amount' : undefined}>
          {text}
        </td>
      ))}
    </tr>
  ));
}
