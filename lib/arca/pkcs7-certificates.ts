import * as asn1js from 'asn1js';
import { pkijs } from './x509';

const SIGNED_DATA = '1.2.840.113549.1.7.2';

/** The certificates of a PKCS#7 SignedData (a .p7b, "certificates only"), or undefined when it is not one. */
export function pkcs7Certificates(der: Buffer): Buffer[] | undefined {
  try {
    const info = pkijs.ContentInfo.fromBER(new Uint8Array(der));
    if (info.contentType !== SIGNED_DATA) return undefined;
    const signed = new pkijs.SignedData({ schema: info.content as asn1js.Sequence });
    const certificates = (signed.certificates ?? []).filter(
      (c): c is pkijs.Certificate => c instanceof pkijs.Certificate,
    );
    return certificates.length
      ? certificates.map((c) => Buffer.from(c.toSchema().toBER()))
      : undefined;
  } catch {
    return undefined;
  }
}
