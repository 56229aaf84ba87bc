import 'server-only';
import { createPublicKey } from 'node:crypto';
import { generateKeyPair, type RsaKeyPair } from '../generate-key-pair';
import { currentKeyPool } from './current-pool';

/**
 * An RSA-2048 key pair for one registration: one made ahead when this process keeps a pool
 * (startRsaKeyPool) and it has one ready, otherwise one made now. A key from the pool is removed
 * from it, so no other caller ever gets the same key.
 */
export async function takeRsaKeyPair(): Promise<RsaKeyPair> {
  const ready = currentKeyPool()?.take();
  if (!ready) return generateKeyPair();
  return {
    privateKeyPem: ready.export({ type: 'pkcs8', format: 'pem' }) as string,
    publicKeyPem: createPublicKey(ready).export({ type: 'spki', format: 'pem' }) as string,
  };
}
