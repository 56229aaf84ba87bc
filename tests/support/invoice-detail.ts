import {
  arcaQrPayload,
  calculateInvoice,
  chooseVoucherType,
  customerDocument,
  customerVatStatus,
  parseInvoice,
  supplierVatStatus,
  toFeVoucher,
} from '@/lib/invoice-model';
import type { InvoiceDetail } from '@/lib/invoices';
import type { Regime } from '@/lib/registration';

/**
 * An InvoiceDetail as lib/invoices reads a stored invoice, from a GOBL document (no database): the
 * voucher type chosen for the regime, and when `approved`, number, CAE, expiry and ARCA's QR URL as
 * the send stamps them.
 */
export function invoiceDetail(
  doc: Record<string, unknown>,
  options: { regime: Regime; approved?: { number: number; cae: string; caeExpiry: string } },
): InvoiceDetail {
  const parsed = parseInvoice(doc);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  const calculated = calculateInvoice(parsed.value);
  if (!calculated.ok) throw new Error(JSON.stringify(calculated.problems));
  const invoice = parsed.value;
  const vat = customerVatStatus(invoice.customer);
  if (!vat.ok) throw new Error('vat status');
  const type = chooseVoucherType({
    invoiceType: invoice.type,
    regime: options.regime,
    customerVatStatus: invoice.customer ? vat.value : undefined,
  });
  if (!type.ok) throw new Error(JSON.stringify(type.problems));
  const document = invoice.customer ? customerDocument(invoice.customer, 'B') : undefined;
  const cuit = invoice.supplier.tax_id!.code;
  const approved = options.approved;
  let qr: string | null = null;
  if (approved) {
    const voucher = toFeVoucher(doc, { cuit, regime: options.regime }, Number(invoice.series));
    if (!voucher.ok) throw new Error(JSON.stringify(voucher.problems));
    qr = arcaQrPayload({
      voucher: voucher.value,
      cuit,
      number: approved.number,
      cae: approved.cae,
    });
  }
  const now = new Date('2026-11-28T12:00:00Z');
  return {
    id: '0b0e3f5c-3c1b-4c43-9d3c-7f1f0b1c2d3e',
    state: approved ? 'sent' : 'empty',
    pointOfSale: String(invoice.series ?? ''),
    number: approved ? String(approved.number) : null,
    displayNumber: approved
      ? `${String(invoice.series).padStart(4, '0')}-${String(approved.number).padStart(8, '0')}`
      : null,
    voucherType: type.value,
    issueDate: invoice.issue_date ?? null,
    supplier: { name: invoice.supplier.name, cuit, vatStatus: supplierVatStatus(options.regime) },
    customer: invoice.customer
      ? {
          name: invoice.customer.name,
          document: document?.ok && document.value.DocTipo !== 99 ? document.value : null,
        }
      : null,
    customerVatStatus: vat.value,
    currency: invoice.currency ?? 'ARS',
    total: calculated.value.total,
    cae: approved?.cae ?? null,
    caeExpiry: approved?.caeExpiry ?? null,
    createdAt: now,
    updatedAt: now,
    read: { invoice, calculation: calculated.value },
    doc,
    qr,
    arcaResponse: null,
    faults: [],
    environment: approved ? 'sandbox' : null,
  };
}
