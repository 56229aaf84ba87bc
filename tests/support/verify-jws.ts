import { createPublicKey, verify, type JsonWebKey } from 'node:crypto';

/**
 * Checks a compact JWS (ES256) with a public JWK as any JOSE library does (RFC 7515 §5.2): the
 * protected header names ES256 and the key's `kid`, and the R‖S signature verifies over
 * `header.payload`. Answers the decoded payload, or null when anything does not hold. Written with
 * node:crypto only: the project has no JOSE library among its dependencies.
 */
export function verifyCompactJws(
  jws: string,
  jwk: { kty?: string; crv?: string; x?: string; y?: string; kid?: string },
): unknown {
  const parts = jws.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  const protectedHeader = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
  if (protectedHeader.alg !== 'ES256' || protectedHeader.kid !== jwk.kid) return null;
  const key = createPublicKey({ key: jwk as JsonWebKey, format: 'jwk' });
  const ok = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  return ok ? JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) : null;
}

/** The decoded protected header of a compact JWS. */
export const jwsHeader = (jws: string) =>
  JSON.parse(Buffer.from(jws.split('.')[0]!, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
