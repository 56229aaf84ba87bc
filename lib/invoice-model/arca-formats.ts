import type { FeVoucher } from '@/lib/arca';
import type { InvoiceProblem } from './invoice-problem';

/**
 * The most lines an invoice may have. ARCA's WSFE takes no lines at all (only totals), so the cap is
 * ours: a 1,000-line voucher already prints on about 25 A4 pages, beyond what a customer checks
 * line by line; a supplier with more splits the sale into several invoices. It keeps every page and
 * PDF of the largest allowed invoice cheap to render.
 */
export const MAX_INVOICE_LINES = 1_000;

// WSFEv1's amounts are Double (13+2): at most 13 integer digits and 2 decimals.
const ARCA_AMOUNT = /^-?\d{1,13}(\.\d{1,2})?$/;

// Where each amount of the voucher comes from in the GOBL document.
const AMOUNT_PATHS: [keyof FeVoucher, string][] = [
  ['ImpTotal', 'totals.total_with_tax'],
  ['ImpNeto', 'totals.sum'],
  ['ImpTotConc', 'totals.sum'],
  ['ImpOpEx', 'totals.sum'],
  ['ImpIVA', 'totals.tax'],
  ['ImpTrib', 'charges'],
];

/** Amounts ARCA cannot take (more than 13 integer digits), each named once by the field it comes from. */
export function amountFormatProblems(voucher: FeVoucher): InvoiceProblem[] {
  const paths = new Set<string>();
  for (const [field, path] of AMOUNT_PATHS)
    if (!ARCA_AMOUNT.test(String(voucher[field]))) paths.add(path);
  const lines = [...(voucher.Iva ?? []), ...(voucher.Tributos ?? [])];
  if (lines.some((l) => !ARCA_AMOUNT.test(l.BaseImp) || !ARCA_AMOUNT.test(l.Importe)))
    paths.add('totals.taxes');
  return [...paths].map((path) => ({ path, code: 'amount_too_large' }));
}
