import { normalizeCuit } from '@/lib/arca';
import { INVOICE_STATES, type InvoiceFilters, type InvoiceState } from '@/lib/invoices';

export type InvoiceSearchParams = Record<string, string | string[] | undefined>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
// A repeated parameter (?state=a&state=b) arrives as an array: the first one counts.
const first = (value: string | string[] | undefined) => [value].flat()[0]?.trim().slice(0, 200);

/** The list's filters from the address; a malformed one is ignored rather than refused. */
export function invoiceFilters(params: InvoiceSearchParams, pageSize: number): InvoiceFilters {
  const state = first(params.state);
  const pointOfSale = first(params.pos);
  const supplier = normalizeCuit(first(params.supplier) ?? '');
  const from = first(params.from);
  const to = first(params.to);
  return {
    state: (INVOICE_STATES as readonly string[]).includes(state ?? '')
      ? (state as InvoiceState)
      : undefined,
    pointOfSale: pointOfSale && /^\d{1,5}$/.test(pointOfSale) ? pointOfSale : undefined,
    supplierCuit: /^\d{11}$/.test(supplier) ? supplier : undefined,
    from: from && DATE.test(from) ? from : undefined,
    to: to && DATE.test(to) ? to : undefined,
    query: first(params.q) || undefined,
    page: Number(first(params.page)) || 1,
    pageSize,
  };
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
