import { normalizeCuit } from '@/lib/arca';
import type { Entry } from '@/lib/silo';
import type { Regime } from '@/lib/registration';
import {
  chooseVoucherType,
  customerDocument,
  customerVatStatus,
  supplierVatStatus,
  type CustomerDocument,
} from '@/lib/invoice-model';
import { docText, invoiceDocOf, STAMP, stampsOf, stampValue } from './invoice-envelope';
import { displayNumber } from './display-number';
import { readInvoiceDoc } from './read-invoice-doc';

/** One invoice as lists show it: read from the entry (state, doc, stamps), never from the sending table. */
export interface InvoiceSummary {
  id: string;
  state: string;
  /** The point of sale (`series`), digits. */
  pointOfSale: string | null;
  /** ARCA's number (`code`), set once sent. */
  number: string | null;
  /** `0002-00000124`; null until ARCA numbers it. */
  displayNumber: string | null;
  /**
   * CbteTipo: `tax.ext.ar-arca-doc-type` (chosen by the client, or set when ARCA approved it), else
   * the one the send will choose from the supplier's regime, as lib/invoice-model chooses it.
   */
  voucherType: number | null;
  issueDate: string | null;
  /** `vatStatus`: its IVA condition, from its registration's regime (null: not a registered supplier). */
  supplier: { name: string | null; cuit: string | null; vatStatus: string | null };
  customer: { name: string | null; document: CustomerDocument | null } | null;
  /** The customer's IVA condition as the send states it (CondicionIVAReceptorId; 5 without a customer). */
  customerVatStatus: string | null;
  currency: string;
  /** Decimal string with two decimals; null when the stored document cannot be read. */
  total: string | null;
  cae: string | null;
  caeExpiry: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** `regimes`: the registered suppliers' IVA regimes by CUIT, to tell the type of an invoice not sent yet. */
export function toInvoiceSummary(entry: Entry, regimes: Map<string, Regime>): InvoiceSummary {
  const doc = invoiceDocOf(entry);
  const read = readInvoiceDoc(doc);
  const stamps = stampsOf(entry);
  const pointOfSale = docText(doc, 'series');
  const number = docText(doc, 'code');
  const docType = docText(doc, 'tax', 'ext', 'ar-arca-doc-type');
  const customer = read?.invoice.customer;
  const regime = regimes.get(normalizeCuit(docText(doc, 'supplier', 'tax_id', 'code') ?? ''));
  const vatStatus = customerVatStatus(customer);
  const chosen =
    read && regime && vatStatus.ok
      ? chooseVoucherType({
          invoiceType: read.invoice.type,
          regime,
          customerVatStatus: customer ? vatStatus.value : undefined,
          docType: docType ?? undefined,
        })
      : undefined;
  // The document type does not matter here: only class A refuses a customer without a CUIT.
  const document = customer ? customerDocument(customer, 'B') : undefined;
  return {
    id: entry.id,
    state: entry.state,
    pointOfSale,
    number,
    displayNumber:
      pointOfSale && number ? displayNumber(Number(pointOfSale), Number(number)) : null,
    voucherType: docType ? Number(docType) : chosen?.ok ? chosen.value : null,
    issueDate: docText(doc, 'issue_date'),
    supplier: {
      name: docText(doc, 'supplier', 'name'),
      cuit: docText(doc, 'supplier', 'tax_id', 'code'),
      vatStatus: regime ? supplierVatStatus(regime) : null,
    },
    customer: read?.invoice.customer
      ? {
          name: read.invoice.customer.name,
          document: document?.ok && document.value.DocTipo !== 99 ? document.value : null,
        }
      : null,
    customerVatStatus: read && vatStatus.ok ? vatStatus.value : null,
    currency: read?.invoice.currency ?? docText(doc, 'currency') ?? 'ARS',
    total: read?.calculation.total ?? null,
    cae: stampValue(stamps, STAMP.cae),
    caeExpiry: stampValue(stamps, STAMP.caeExpiry),
    createdAt: entry.createdAt,
    updatedAt: entry.updatedAt,
  };
}
