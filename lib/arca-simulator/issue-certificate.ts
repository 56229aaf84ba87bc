import 'server-only';
import { X509Certificate } from 'node:crypto';
import { schema, type Db } from '@/lib/db';
import {
  type ArcaEnvironment,
  OID_SERIAL_NUMBER,
  validateAlias,
  validateCuit,
  x509,
} from '@/lib/arca';
import { getSimulatorCas } from './simulator-cas';
import { signCsr } from './sign-csr';

export interface IssueCertificateInput {
  environment: ArcaEnvironment;
  csrPem: string;
  /** The alias typed in the portal; when given it must equal the CSR's CN. */
  alias?: string;
  now?: Date;
}

export type IssueCertificateResult =
  | { ok: true; id: string; certificatePem: string; cuit: string; alias: string }
  | {
      ok: false;
      error: 'csr_invalid' | 'csr_signature' | 'csr_cuit' | 'csr_alias' | 'alias_mismatch';
    };

const VALIDITY_MS = 2 * 365 * 86_400_000;

/** What WSASS / Certificados Digitales do with a CSR: check it and issue `CN=<alias>, serialNumber=CUIT <cuit>`, 2 years. */
export async function issueCertificate(
  db: Db,
  input: IssueCertificateInput,
): Promise<IssueCertificateResult> {
  let csr: x509.Pkcs10CertificateRequest;
  try {
    csr = new x509.Pkcs10CertificateRequest(input.csrPem.trim());
  } catch {
    return { ok: false, error: 'csr_invalid' };
  }
  if (!(await csr.verify().catch(() => false))) return { ok: false, error: 'csr_signature' };
  const serial = csr.subjectName.getField(OID_SERIAL_NUMBER)[0] ?? '';
  const cuit = validateCuit(serial.replace(/^CUIT\s*/, ''));
  if (!serial.startsWith('CUIT') || !cuit.ok) return { ok: false, error: 'csr_cuit' };
  const alias = validateAlias(csr.subjectName.getField('CN')[0] ?? '');
  if (!alias.ok) return { ok: false, error: 'csr_alias' };
  if (input.alias !== undefined && input.alias.trim() !== alias.alias)
    return { ok: false, error: 'alias_mismatch' };
  const cas = await getSimulatorCas(db);
  const now = input.now ?? new Date();
  // ARCA drops O and C from the request and keeps only the alias and the CUIT.
  const subject = new x509.Name([
    { CN: [alias.alias] },
    { [OID_SERIAL_NUMBER]: [`CUIT ${cuit.cuit}`] },
  ]);
  const notBefore = new Date(now.getTime() - 60_000);
  const certificatePem = await signCsr({
    csr,
    subject,
    ca: cas[input.environment],
    notBefore,
    notAfter: new Date(now.getTime() + VALIDITY_MS),
  });
  const cert = new X509Certificate(certificatePem);
  const [row] = await db
    .insert(schema.arcaSimCertificates)
    .values({
      environment: input.environment,
      cuit: cuit.cuit,
      alias: alias.alias,
      fingerprint: cert.fingerprint256,
      certificatePem,
      notBefore: new Date(cert.validFrom),
      notAfter: new Date(cert.validTo),
    })
    .returning({ id: schema.arcaSimCertificates.id });
  return { ok: true, id: row!.id, certificatePem, cuit: cuit.cuit, alias: alias.alias };
}
