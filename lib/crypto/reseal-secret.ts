import 'server-only';
import type { Keyring } from './keyring';
import { openSecret } from './open-secret';
import { sealSecret } from './seal-secret';

/** Re-seals under the current key (master key rotation); returns the input when already current. */
export function resealSecret(sealed: string, keyring: Keyring, associatedData: string): string {
  const plaintext = openSecret(sealed, keyring, associatedData);
  if (sealed.startsWith(`s1.${keyring.current}.`)) return sealed;
  return sealSecret(plaintext, keyring, associatedData);
}
