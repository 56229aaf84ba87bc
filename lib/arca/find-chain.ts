import type { X509Certificate } from 'node:crypto';

export type ChainResult =
  | { status: 'trusted'; path: X509Certificate[] }
  | { status: 'bad_signature'; issuer: X509Certificate }
  | { status: 'unknown_issuer' };

const MAX_DEPTH = 5;

/** Walks issuer names through `anchors` checking each signature, up to a self-signed root. */
export function findChain(leaf: X509Certificate, anchors: X509Certificate[]): ChainResult {
  const path: X509Certificate[] = [];
  let current = leaf;
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    const named = anchors.filter((ca) => ca.subject === current.issuer && ca.ca);
    if (!named.length) return { status: 'unknown_issuer' };
    const issuer = named.find((ca) => safeVerify(current, ca));
    if (!issuer) return { status: 'bad_signature', issuer: named[0]! };
    path.push(issuer);
    if (issuer.subject === issuer.issuer && safeVerify(issuer, issuer))
      return { status: 'trusted', path };
    current = issuer;
  }
  return { status: 'unknown_issuer' };
}

function safeVerify(cert: X509Certificate, issuer: X509Certificate): boolean {
  try {
    return cert.verify(issuer.publicKey);
  } catch {
    return false;
  }
}
