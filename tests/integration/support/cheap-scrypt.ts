import type * as NodeCrypto from 'node:crypto';

// 1/32 of the app's work factor (N = 2^15): still scrypt, cheap enough for files
// that check passwords hundreds of times.
const CHEAP_N = 2 ** 10;

/** How many times scrypt ran (a password checked or hashed, the decoy's hash) since the file reset it. */
export const scryptRuns = { count: 0 };

/**
 * node:crypto with a cheaper scrypt, for `vi.mock('node:crypto', …)` in files that sign in hundreds
 * of times: they test the throttle and the sessions, not the work factor, which
 * tests/unit/users-password.test.ts checks in the stored hashes. Every hash such a file makes and
 * checks goes through this one call, so its passwords still match; the stored parameters are unchanged.
 */
export async function cheapScrypt(importOriginal: () => Promise<typeof NodeCrypto>) {
  const actual = await importOriginal();
  const scrypt = ((
    password: NodeCrypto.BinaryLike,
    salt: NodeCrypto.BinaryLike,
    keyLength: number,
    options: NodeCrypto.ScryptOptions,
    callback: (error: Error | null, key: Buffer) => void,
  ) => {
    scryptRuns.count++;
    actual.scrypt(password, salt, keyLength, { ...options, N: CHEAP_N }, callback);
  }) as typeof actual.scrypt;
  return { ...actual, default: { ...actual, scrypt }, scrypt };
}
