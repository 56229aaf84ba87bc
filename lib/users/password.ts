import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// OWASP's scrypt floor is N=2^17,r=8,p=1; 2^15 keeps sign-in quick on a small machine
// while costing an attacker 32 MiB per guess. Parameters are stored with each hash.
const PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

function derive(
  password: string,
  salt: Buffer,
  params: { N: number; r: number; p: number },
): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** `scrypt$N$r$p$salt$hash` with a fresh 16-byte salt. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return [
    'scrypt',
    PARAMS.N,
    PARAMS.r,
    PARAMS.p,
    salt.toString('base64'),
    key.toString('base64'),
  ].join('$');
}

/** Constant-time comparison; false (never a throw) for a malformed stored hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (![params.N, params.r, params.p].every((v) => Number.isInteger(v) && v > 0)) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), params);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** A generated password: 144 random bits, URL-safe, 24 characters. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

// Verified against when the email is unknown, so both answers take the same time. On globalThis so
// the one server.ts warms at startup is the one the app's sign-in uses (see lib/db/instance.ts).
const holder = globalThis as unknown as { __arcaDecoyHash?: Promise<string> };
export function decoyHash(): Promise<string> {
  holder.__arcaDecoyHash ??= hashPassword(generatePassword());
  return holder.__arcaDecoyHash;
}

/** Computes the decoy ahead of the first sign-in, which would otherwise pay for two scrypt runs. */
export function warmDecoyHash(): Promise<string> {
  return decoyHash();
}
