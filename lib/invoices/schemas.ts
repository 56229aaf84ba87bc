export const INVOICE_SCHEMA = 'https://gobl.org/draft-0/bill/invoice';
/** Where invoice entries go when the request names no folder. */
export const INVOICE_FOLDER = 'invoices';
