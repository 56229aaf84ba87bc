import { X509Certificate, createPrivateKey } from 'node:crypto';
import * as asn1js from 'asn1js';
import { x509 } from './x509';

export type DerKind = { kind: 'certificate'; certificate: X509Certificate } | { kind: 'private_key' } | { kind: 'csr' } | { kind: 'unknown' };

/** What a DER object is, without trusting it: every parser here is bounded by the input size. */
export function classifyDer(der: Buffer): DerKind {
  if (der.length < 16 || der[0] !== 0x30) return { kind: 'unknown' };
  try {
    return { kind: 'certificate', certificate: new X509Certificate(der) };
  } catch {
    /* not a certificate: try the things people upload by mistake */
  }
  for (const type of ['pkcs8', 'pkcs1'] as const) {
    try {
      createPrivateKey({ key: der, format: 'der', type });
      return { kind: 'private_key' };
    } catch {
      /* next */
    }
  }
  if (isEncryptedPkcs8(der)) return { kind: 'private_key' };
  try {
    new x509.Pkcs10CertificateRequest(new Uint8Array(der));
    return { kind: 'csr' };
  } catch {
    return { kind: 'unknown' };
  }
}

// EncryptedPrivateKeyInfo: SEQUENCE { SEQUENCE { OID 1.2.840.113549.1.5.13 (PBES2) … } OCTET STRING }.
function isEncryptedPkcs8(der: Buffer): boolean {
  return der.includes(Buffer.from('06092a864886f70d01050d', 'hex'), 0) && der.length < 8192;
}

/** True when the bytes are exactly one DER object: a file with anything after it was damaged or joined to another. */
export function singleDer(der: Uint8Array): boolean {
  const parsed = asn1js.fromBER(der);
  return parsed.offset === der.byteLength && parsed.result.error === '';
}
