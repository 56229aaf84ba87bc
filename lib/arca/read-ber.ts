import * as asn1js from 'asn1js';

/**
 * asn1js.fromBER, for bytes anyone may upload: asn1js throws on some malformed values (a
 * GeneralizedTime that is not a date, for one) instead of reporting them, so a throw counts as
 * unreadable like any other error.
 */
export function readBer(der: Uint8Array): { result: asn1js.AsnType; offset: number } | undefined {
  try {
    const parsed = asn1js.fromBER(der);
    return parsed.offset === -1 || parsed.result.error !== '' ? undefined : parsed;
  } catch {
    return undefined;
  }
}
