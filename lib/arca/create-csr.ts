import 'server-only';
import { createPrivateKey, createPublicKey } from 'node:crypto';
import { stripAccents, validateAlias } from './alias';
import { validateCuit } from './cuit';
import { OID_SERIAL_NUMBER, RSA_SHA256, importSigningKey, webcrypto, x509 } from './x509';

interface CsrInput {
  companyName: string;
  alias: string;
  cuit: string;
  /** PKCS#8 PEM of the RSA key the certificate will belong to. */
  privateKeyPem: string;
}

export class CsrInputError extends Error {
  override name = 'CsrInputError';
  constructor(readonly code: string) {
    super(`Invalid CSR input: ${code}`);
  }
}

/** Company names in ARCA's DN are printable ASCII: accents are folded, other symbols dropped. */
function csrOrganization(companyName: string): string {
  const folded = stripAccents(companyName)
    .replace(/[^A-Za-z0-9 .,&'()\-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return folded.slice(0, 64) || 'Empresa';
}

/** PKCS#10 request `C=AR, O=<company>, CN=<alias>, serialNumber=CUIT <cuit>`, SHA-256 with RSA. */
export async function createCsr(input: CsrInput): Promise<string> {
  const cuit = validateCuit(input.cuit);
  if (!cuit.ok) throw new CsrInputError(cuit.problem);
  const alias = validateAlias(input.alias);
  if (!alias.ok) throw new CsrInputError(alias.problem);
  const keyObject = createPrivateKey(input.privateKeyPem);
  const spki = createPublicKey(keyObject).export({ type: 'spki', format: 'der' });
  const [privateKey, publicKey] = await Promise.all([
    importSigningKey(keyObject.export({ type: 'pkcs8', format: 'pem' }) as string),
    webcrypto.subtle.importKey('spki', spki, RSA_SHA256, true, ['verify']),
  ]);
  const name = new x509.Name([
    { '2.5.4.6': ['AR'] },
    { '2.5.4.10': [csrOrganization(input.companyName)] },
    { '2.5.4.3': [alias.alias] },
    { [OID_SERIAL_NUMBER]: [`CUIT ${cuit.cuit}`] },
  ]);
  const csr = await x509.Pkcs10CertificateRequestGenerator.create({
    name,
    keys: { privateKey, publicKey: publicKey as CryptoKey },
    signingAlgorithm: RSA_SHA256,
  });
  return csr.toString('pem');
}
