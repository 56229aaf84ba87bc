import { normalizeCuit } from '@/lib/arca';
import { INVOICE_STATES, type InvoiceFilters, type InvoiceState } from '@/lib/invoices';

export type InvoiceSearchParams = Record<string, string | string[] | undefined>;

/** Why a filter in the address was left out; each has a `console.invoices.filters.problems` message. */
export type FilterProblem =
  | { field: 'state' | 'pos' | 'supplier' | 'from' | 'to'; value: string }
  | { field: 'range'; from: string; to: string };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
// A repeated parameter (?state=a&state=b) arrives as an array: the first one counts.
const first = (value: string | string[] | undefined) => [value].flat()[0]?.trim().slice(0, 200);
// A calendar day that exists (2026-02-30 does not).
const isDay = (value: string) =>
  DATE.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
const isPointOfSale = (value: string) =>
  /^\d{1,5}$/.test(value) && Number(value) >= 1 && Number(value) <= 99998;

/** Each filter as given (undefined when absent or empty) and whether it can be used. */
function read(params: InvoiceSearchParams) {
  const given = {
    state: first(params.state) || undefined,
    pos: first(params.pos) || undefined,
    supplier: first(params.supplier) || undefined,
    from: first(params.from) || undefined,
    to: first(params.to) || undefined,
  };
  const supplier = normalizeCuit(given.supplier ?? '');
  const ok = {
    state: (INVOICE_STATES as readonly string[]).includes(given.state ?? ''),
    pos: given.pos !== undefined && isPointOfSale(given.pos),
    supplier: /^\d{11}$/.test(supplier),
    from: given.from !== undefined && isDay(given.from),
    to: given.to !== undefined && isDay(given.to),
  };
  // Reversed dates match nothing: said, and left out, rather than an empty list without a reason.
  const reversed = ok.from && ok.to && given.from! > given.to!;
  return { given, ok, supplier, reversed };
}

/** The list's filters from the address; a malformed one is left out (invoiceFilterProblems says why). */
export function invoiceFilters(params: InvoiceSearchParams, pageSize: number): InvoiceFilters {
  const { given, ok, supplier, reversed } = read(params);
  return {
    state: ok.state ? (given.state as InvoiceState) : undefined,
    pointOfSale: ok.pos ? given.pos : undefined,
    supplierCuit: ok.supplier ? supplier : undefined,
    from: ok.from && !reversed ? given.from : undefined,
    to: ok.to && !reversed ? given.to : undefined,
    query: first(params.q) || undefined,
    page: Number(first(params.page)) || 1,
    pageSize,
  };
}

/** Every filter in the address that invoiceFilters left out, with what was given, in the form's order. */
export function invoiceFilterProblems(params: InvoiceSearchParams): FilterProblem[] {
  const { given, ok, reversed } = read(params);
  const problems: FilterProblem[] = [];
  for (const field of ['state', 'pos', 'supplier', 'from', 'to'] as const) {
    const value = given[field];
    if (value !== undefined && !ok[field]) problems.push({ field, value });
  }
  if (reversed) problems.push({ field: 'range', from: given.from!, to: given.to! });
  return problems;
}

/** The filters as query parameters again, for the pagination's links. */
export function filterQuery(filters: InvoiceFilters): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.state) query.state = filters.state;
  if (filters.pointOfSale) query.pos = filters.pointOfSale;
  if (filters.supplierCuit) query.supplier = filters.supplierCuit;
  if (filters.from) query.from = filters.from;
  if (filters.to) query.to = filters.to;
  if (filters.query) query.q = filters.query;
  return query;
}
