import 'server-only';
import { sign, type KeyObject } from 'node:crypto';

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/**
 * A JWS in compact serialisation (RFC 7515 §7.1) over the JSON of `payload`, signed ES256 (ECDSA
 * P-256 with SHA-256, the signature as R‖S per RFC 7518 §3.4), the key's id in the protected
 * header: what GOBL's dsig.NewSignature makes.
 */
export function signCompactJws(payload: unknown, key: KeyObject, kid: string): string {
  const signingInput = `${base64url(JSON.stringify({ alg: 'ES256', kid }))}.${base64url(JSON.stringify(payload))}`;
  const signature = sign('sha256', Buffer.from(signingInput), { key, dsaEncoding: 'ieee-p1363' });
  return `${signingInput}.${signature.toString('base64url')}`;
}
