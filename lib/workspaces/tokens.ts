import { hash, randomBytes } from 'node:crypto';

const TOKEN_PREFIX = 'arca_';

/** A new API key: 256 random bits, shown once; only its hash is stored. */
export function newApiToken(): { token: string; prefix: string; hash: string } {
  const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
  return { token, prefix: token.slice(0, TOKEN_PREFIX.length + 6), hash: hashApiToken(token) };
}

// The tokens carry 256 random bits, so a fast hash is enough (nothing to brute-force). One-shot
// crypto.hash: every API request hashes its key, and a Hash object per call costs several times more.
export function hashApiToken(token: string): string {
  return hash('sha256', token, 'hex');
}
