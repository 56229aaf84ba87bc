import 'server-only';
import { getEnv, resolveMasterKeys } from '@/lib/config';
import { createKeyring, type Keyring } from './keyring';

/** The application's keyring: MASTER_KEY seals as MASTER_KEY_VERSION, MASTER_KEY_PREVIOUS still opens. */
export function getMasterKeyring(): Keyring {
  const { current, previous } = resolveMasterKeys(getEnv());
  return createKeyring(current, previous);
}
