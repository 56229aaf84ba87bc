import * as asn1js from 'asn1js';
import { readBer } from './read-ber';

const DATA = '1.2.840.113549.1.7.1';

/** PFX ::= SEQUENCE { version INTEGER (3), authSafe ContentInfo (data), macData OPTIONAL }: read without a password. */
export function isPkcs12(der: Buffer): boolean {
  const parsed = readBer(new Uint8Array(der));
  if (!parsed || !(parsed.result instanceof asn1js.Sequence)) return false;
  const [version, authSafe] = parsed.result.valueBlock.value;
  if (!(version instanceof asn1js.Integer) || version.valueBlock.valueDec !== 3) return false;
  const contentType =
    authSafe instanceof asn1js.Sequence ? authSafe.valueBlock.value[0] : undefined;
  return (
    contentType instanceof asn1js.ObjectIdentifier && contentType.valueBlock.toString() === DATA
  );
}
