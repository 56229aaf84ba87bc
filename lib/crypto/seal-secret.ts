import 'server-only';
import { createCipheriv, randomBytes } from 'node:crypto';
import type { Keyring } from './keyring';

// Format: "s1.<key version>.<base64url(iv | tag | ciphertext)>". The version picks the master key
// on opening, so the key can rotate without re-sealing everything at once.
export const SEAL_PREFIX = 's1';

/** AES-256-GCM under the keyring's current key; `associatedData` (e.g. the entry id) binds the secret to its owner. */
export function sealSecret(
  plaintext: string | Buffer,
  keyring: Keyring,
  associatedData: string,
): string {
  const key = keyring.keys[keyring.current];
  if (!key) throw new Error('The keyring has no current key.');
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  const packed = Buffer.concat([iv, cipher.getAuthTag(), body]);
  return `${SEAL_PREFIX}.${keyring.current}.${packed.toString('base64url')}`;
}
