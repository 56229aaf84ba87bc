/** WSFE voucher types by class: invoice, debit note, credit note (FEParamGetTiposCbte). */
export const VOUCHER_TYPES = {
  A: { standard: 1, 'debit-note': 2, 'credit-note': 3 },
  B: { standard: 6, 'debit-note': 7, 'credit-note': 8 },
  C: { standard: 11, 'debit-note': 12, 'credit-note': 13 },
  // Factura T (tourism, RG 3971): a responsable inscripto's voucher to a non-resident tourist or a travel agency.
  T: { standard: 195, 'debit-note': 196, 'credit-note': 197 },
} as const;
export type VoucherClass = keyof typeof VOUCHER_TYPES | 'used-goods';
export type InvoiceType = keyof (typeof VOUCHER_TYPES)['A'];

/** The used-goods purchase voucher (49): the buyer issues it to a final consumer who sells. */
export const USED_GOODS_VOUCHER = 49;

/** The class (A, B, C, T, used goods) and GOBL invoice type of a WSFE voucher type; undefined for others. */
export function voucherClassOf(
  voucherType: number,
): { voucherClass: VoucherClass; invoiceType: InvoiceType | 'other' } | undefined {
  if (voucherType === USED_GOODS_VOUCHER)
    return { voucherClass: 'used-goods', invoiceType: 'other' };
  for (const voucherClass of ['A', 'B', 'C', 'T'] as const) {
    for (const [invoiceType, code] of Object.entries(VOUCHER_TYPES[voucherClass])) {
      if (code === voucherType) return { voucherClass, invoiceType: invoiceType as InvoiceType };
    }
  }
  return undefined;
}
