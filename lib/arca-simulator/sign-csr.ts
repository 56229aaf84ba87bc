import 'server-only';
import { randomBytes } from 'node:crypto';
import { RSA_SHA256, importSigningKey, x509 } from '@/lib/arca';
import type { CaMaterial } from './create-ca';

export interface SignCsrOptions {
  csr: x509.Pkcs10CertificateRequest;
  ca: CaMaterial;
  notBefore: Date;
  notAfter: Date;
  /** Replaces the CSR's subject (ARCA keeps only CN and serialNumber). */
  subject?: x509.Name;
}

/** Issues an end-entity certificate for a CSR's subject and key, as ARCA's Computadores CAs do. */
export async function signCsr(options: SignCsrOptions): Promise<string> {
  const caCert = new x509.X509Certificate(options.ca.certificatePem);
  const signingKey = await importSigningKey(options.ca.privateKeyPem);
  const certificate = await x509.X509CertificateGenerator.create({
    serialNumber: randomBytes(8)
      .toString('hex')
      .replace(/^[89a-f]/, '1'),
    subject: options.subject ?? options.csr.subjectName,
    issuer: caCert.subjectName,
    notBefore: options.notBefore,
    notAfter: options.notAfter,
    publicKey: options.csr.publicKey,
    signingKey,
    signingAlgorithm: RSA_SHA256,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(
        x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation,
        true,
      ),
      await x509.AuthorityKeyIdentifierExtension.create(caCert, false),
    ],
  });
  return certificate.toString('pem');
}
