/**
 * The ARCA (WSFEv1) answers about invoices we explain in plain words, under `invoicing.arcaCodes`.
 * 10217 is an observation (the voucher is approved), the rest are errors or rejections.
 */
export const ARCA_INVOICE_CODES = [
  '600',
  '602',
  '10013',
  '10015',
  '10016',
  '10049',
  '10217',
  '10242',
  '10246',
  '11002',
] as const;
export type ArcaInvoiceCode = (typeof ARCA_INVOICE_CODES)[number];

export function isArcaInvoiceCode(code: string | number): code is ArcaInvoiceCode {
  return (ARCA_INVOICE_CODES as readonly string[]).includes(String(code));
}
