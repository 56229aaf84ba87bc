/** WSFE voucher types by class: invoice, debit note, credit note (FEParamGetTiposCbte). */
export const VOUCHER_TYPES = {
  A: { standard: 1, 'debit-note': 2, 'credit-note': 3 },
  B: { standard: 6, 'debit-note': 7, 'credit-note': 8 },
  C: { standard: 11, 'debit-note': 12, 'credit-note': 13 },
} as const;
export type VoucherClass = keyof typeof VOUCHER_TYPES;
export type InvoiceType = keyof (typeof VOUCHER_TYPES)['A'];

/** The class (A, B, C) and GOBL invoice type of a WSFE voucher type; undefined for others. */
export function voucherClassOf(
  voucherType: number,
): { voucherClass: VoucherClass; invoiceType: InvoiceType } | undefined {
  for (const voucherClass of ['A', 'B', 'C'] as const) {
    for (const [invoiceType, code] of Object.entries(VOUCHER_TYPES[voucherClass])) {
      if (code === voucherType) return { voucherClass, invoiceType: invoiceType as InvoiceType };
    }
  }
  return undefined;
}
