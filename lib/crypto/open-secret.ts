import 'server-only';
import { createDecipheriv } from 'node:crypto';
import type { Keyring } from './keyring';
import { SEAL_PREFIX } from './seal-secret';

export class SealError extends Error {
  override name = 'SealError';
}

/** Opens a value made by sealSecret; throws SealError when the key, the associated data or the bytes do not match. */
export function openSecret(sealed: string, keyring: Keyring, associatedData: string): Buffer {
  const [prefix, version, data, extra] = sealed.split('.');
  if (prefix !== SEAL_PREFIX || !version || !data || extra !== undefined)
    throw new SealError('Not a sealed secret.');
  const key = keyring.keys[Number(version)];
  if (!key) throw new SealError(`No master key with version ${version} in the keyring.`);
  const packed = Buffer.from(data, 'base64url');
  if (packed.length < 29) throw new SealError('Sealed secret is truncated.');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, packed.subarray(0, 12));
    decipher.setAAD(Buffer.from(associatedData, 'utf8'));
    decipher.setAuthTag(packed.subarray(12, 28));
    return Buffer.concat([decipher.update(packed.subarray(28)), decipher.final()]);
  } catch {
    throw new SealError('The sealed secret does not open with this key and associated data.');
  }
}

/** The key version a sealed value was made with, to find values still under an old key. */
export function sealedKeyVersion(sealed: string): number | undefined {
  const [prefix, version] = sealed.split('.');
  return prefix === SEAL_PREFIX && version && /^\d+$/.test(version) ? Number(version) : undefined;
}
