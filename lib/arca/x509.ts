import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import * as pkijs from 'pkijs';
import { pemDer } from './pem-blocks';

// One place that wires @peculiar/x509 and pkijs to Node's WebCrypto.
x509.cryptoProvider.set(webcrypto as unknown as Crypto);
pkijs.setEngine(
  'node',
  new pkijs.CryptoEngine({ name: 'node', crypto: webcrypto as unknown as Crypto }),
);

export const OID_SERIAL_NUMBER = '2.5.4.5';
export const RSA_SHA256 = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;

export { x509, pkijs, webcrypto };

/** Imports a PKCS#8 PEM as a WebCrypto signing key. */
export function importSigningKey(pkcs8Pem: string): Promise<CryptoKey> {
  const der = pemDer(pkcs8Pem, 'PRIVATE KEY');
  return webcrypto.subtle.importKey('pkcs8', der, RSA_SHA256, false, [
    'sign',
  ]) as Promise<CryptoKey>;
}
