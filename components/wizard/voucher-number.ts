/** ARCA's printed form of a voucher number: point of sale (at least 4 digits) and number (8), e.g. `0002-00000124`. */
export function voucherNumber(pointOfSale: number | string, number: number | string): string {
  return `${String(pointOfSale).padStart(4, '0')}-${String(number).padStart(8, '0')}`;
}
