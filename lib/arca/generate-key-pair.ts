import 'server-only';
import { generateKeyPair as generateKeyPairCallback } from 'node:crypto';
import { promisify } from 'node:util';

const generate = promisify(generateKeyPairCallback);

export interface RsaKeyPair {
  /** PKCS#8 PEM: seal it before storing. */
  privateKeyPem: string;
  /** SPKI PEM. */
  publicKeyPem: string;
}

/** RSA-2048 on libuv's thread pool, so the event loop keeps serving while it runs. */
export async function generateKeyPair(modulusLength = 2048): Promise<RsaKeyPair> {
  const { privateKey, publicKey } = await generate('rsa', {
    modulusLength,
    publicExponent: 0x10001,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return { privateKeyPem: privateKey, publicKeyPem: publicKey };
}
