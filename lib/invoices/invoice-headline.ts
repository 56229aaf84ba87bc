import { displayNumber } from './display-number';
import { docText, invoiceDocOf } from './invoice-envelope';
import { isInvoiceRequest } from './is-invoice-request';

/** What names an invoice where a list has one line for it (the console's jobs): read from the entry's data only. */
export interface InvoiceHeadline {
  /** `0002-00000124` once ARCA numbered it. */
  displayNumber: string | null;
  /** CbteTipo when the document carries it (`tax.ext.ar-arca-doc-type`: chosen by the client or set on approval). */
  voucherType: number | null;
  customer: string | null;
}

/** The headline of an invoice entry's data (envelope or bare document); undefined when it holds no invoice. */
export function invoiceHeadline(data: unknown): InvoiceHeadline | undefined {
  if (!isInvoiceRequest(data)) return undefined;
  const doc = invoiceDocOf({ data: data as Record<string, unknown> });
  const pointOfSale = Number(docText(doc, 'series'));
  const number = Number(docText(doc, 'code'));
  const voucherType = Number(docText(doc, 'tax', 'ext', 'ar-arca-doc-type'));
  const numbered =
    Number.isInteger(pointOfSale) && pointOfSale > 0 && Number.isInteger(number) && number > 0;
  return {
    displayNumber: numbered ? displayNumber(pointOfSale, number) : null,
    voucherType: Number.isInteger(voucherType) && voucherType > 0 ? voucherType : null,
    customer: docText(doc, 'customer', 'name'),
  };
}
