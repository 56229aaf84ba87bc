import 'server-only';
import { KeyObject, randomBytes } from 'node:crypto';
import { RSA_SHA256, webcrypto, x509 } from '@/lib/arca';

export interface CaMaterial {
  certificatePem: string;
  /** PKCS#8 PEM. */
  privateKeyPem: string;
}

/** A self-signed RSA CA (the simulator's "Computadores Test" / "Computadores"). */
export async function createCa(options: {
  commonName: string;
  organization: string;
  notBefore: Date;
  notAfter: Date;
}): Promise<CaMaterial> {
  const keys = (await webcrypto.subtle.generateKey(
    { ...RSA_SHA256, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) },
    true,
    ['sign', 'verify'],
  )) as CryptoKeyPair;
  const name = `CN=${options.commonName}, O=${options.organization}, C=AR`;
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: randomBytes(8)
      .toString('hex')
      .replace(/^[89a-f]/, '1'),
    name,
    notBefore: options.notBefore,
    notAfter: options.notAfter,
    keys,
    signingAlgorithm: RSA_SHA256,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(
        x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign,
        true,
      ),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  const privateKeyPem = KeyObject.from(keys.privateKey).export({
    type: 'pkcs8',
    format: 'pem',
  }) as string;
  return { certificatePem: certificate.toString('pem'), privateKeyPem };
}
