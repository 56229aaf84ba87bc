import { createHash } from 'node:crypto';
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, canonical(v)]),
    );
  return value;
}

/**
 * sha256 (hex) of the voucher as canonical JSON: keys sorted at every level, undefined fields left
 * out, list order kept (it is part of the voucher). Equal for equal vouchers whatever the key order,
 * so a caller can store it before FECAESolicitar and tell, when reconciling, whether what ARCA holds
 * under a number is what it sent. Any voucher (WSFE's or WSCT's): hash it without its number for the
 * content alone, with it to include the number.
 */
export function hashVoucher(voucher: object): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(voucher)))
    .digest('hex');
}
