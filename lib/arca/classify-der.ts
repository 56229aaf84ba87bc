import { X509Certificate, createPrivateKey } from 'node:crypto';
import { readBer } from './read-ber';
import { encryptedKeyAlgorithm } from './key-encryption-cost';
import { isPkcs12 } from './pkcs12-structure';
import { pkcs7Certificates } from './pkcs7-certificates';
import { x509 } from './x509';

type DerKind =
  | { kind: 'certificate'; certificate: X509Certificate }
  | { kind: 'certificates'; ders: Buffer[] }
  | { kind: 'pkcs12' }
  | { kind: 'private_key' }
  | { kind: 'csr' }
  | { kind: 'trailing_bytes' }
  | { kind: 'unknown' };

/** What a DER object is, without trusting it: every parser here is bounded by the input size. */
export function classifyDer(der: Buffer): DerKind {
  if (der.length < 16 || der[0] !== 0x30) return { kind: 'unknown' };
  const extent = derExtent(der);
  if (extent !== 'exact') return { kind: extent === 'trailing' ? 'trailing_bytes' : 'unknown' };
  try {
    return { kind: 'certificate', certificate: new X509Certificate(der) };
  } catch {
    /* not a certificate: try the other containers and the things people upload by mistake */
  }
  const ders = pkcs7Certificates(der);
  if (ders) return { kind: 'certificates', ders };
  if (isPkcs12(der)) return { kind: 'pkcs12' };
  for (const type of ['pkcs8', 'pkcs1'] as const) {
    try {
      createPrivateKey({ key: der, format: 'der', type });
      return { kind: 'private_key' };
    } catch {
      /* next */
    }
  }
  if (encryptedKeyAlgorithm(der)) return { kind: 'private_key' };
  try {
    new x509.Pkcs10CertificateRequest(new Uint8Array(der));
    return { kind: 'csr' };
  } catch {
    return { kind: 'unknown' };
  }
}

/**
 * Whether the bytes are exactly one DER object. Node's X509Certificate ignores anything after the
 * certificate, but a file with bytes after it was damaged or joined to another: it is refused.
 */
export function derExtent(der: Uint8Array): 'exact' | 'trailing' | 'invalid' {
  const parsed = readBer(der);
  if (!parsed) return 'invalid';
  return parsed.offset === der.byteLength ? 'exact' : 'trailing';
}
