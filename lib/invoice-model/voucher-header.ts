import { normalizeCuit, validateCuit } from '@/lib/arca';
import { chooseVoucherType } from './choose-voucher-type';
import { customerVatStatus } from './customer-vat-status';
import type { InvoiceProblem, InvoiceResult } from './invoice-problem';
import type { GoblInvoice } from './invoice-schema';
import type { Regime } from '@/lib/registration';

export interface InvoicingSupplier {
  cuit: string;
  /** As the registration wizard collected it. */
  regime: Regime;
}

export interface VoucherHeader {
  /** The registered supplier's CUIT, when it is valid and the invoice's supplier is that one. */
  supplierCuit: string | undefined;
  vatStatus: string | undefined;
  voucherType: number | undefined;
}

/**
 * What every ARCA voucher starts from (WSFE's and WSCT's alike): the supplier is the registered one,
 * the point of sale is the entry's series, the customer's IVA status and the voucher type as the
 * supplier's regime decides it. Problems are added to `problems`, each naming its field.
 */
export function voucherHeader(
  invoice: GoblInvoice,
  supplier: InvoicingSupplier,
  pointOfSale: number,
  problems: InvoiceProblem[],
): VoucherHeader {
  const take = <T>(result: InvoiceResult<T>): T | undefined => {
    if (result.ok) return result.value;
    problems.push(...result.problems);
    return undefined;
  };
  const registered = validateCuit(supplier.cuit);
  const given = invoice.supplier.tax_id;
  const sameSupplier =
    registered.ok &&
    (!given || (given.country === 'AR' && normalizeCuit(given.code) === registered.cuit));
  if (!sameSupplier)
    problems.push({ path: 'supplier.tax_id.code', code: 'supplier_cuit_mismatch' });
  if (!Number.isInteger(pointOfSale) || pointOfSale < 1 || pointOfSale > 99998)
    problems.push({ path: 'series', code: 'series_range' });
  else if (invoice.series !== undefined && Number(invoice.series) !== pointOfSale)
    problems.push({ path: 'series', code: 'series_mismatch' });

  const vatStatus = take(customerVatStatus(invoice.customer));
  const voucherType = take(
    chooseVoucherType({
      invoiceType: invoice.type,
      regime: supplier.regime,
      customerVatStatus: invoice.customer ? vatStatus : undefined,
      docType: invoice.tax?.ext?.['ar-arca-doc-type'],
    }),
  );
  return { supplierCuit: registered.ok ? registered.cuit : undefined, vatStatus, voucherType };
}
