import 'server-only';
import { getEnv, resolveMasterKey } from '@/lib/config';
import { createKeyring, type Keyring } from './keyring';

/** The application's keyring: MASTER_KEY as version 1 (the only one configuration carries today). */
export function getMasterKeyring(): Keyring {
  return createKeyring({ version: 1, key: resolveMasterKey(getEnv()) });
}
