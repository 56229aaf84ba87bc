import { createHash, randomBytes } from 'node:crypto';

export const SESSION_COOKIE = 'arca_console_session';
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

/** A session token (256 random bits) for the cookie, and the hash the database keeps. */
export function newSessionToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashSessionToken(token) };
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Cheap shape check before any database work: cookies are user input. */
export function isWellFormedToken(token: string | undefined): token is string {
  return typeof token === 'string' && /^[A-Za-z0-9_-]{43}$/.test(token);
}
