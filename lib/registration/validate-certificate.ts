import 'server-only';
import { createPrivateKey } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { checkCertificate, getAccessTicket, getTrustStore, readCertificate, type ArcaOutcome, type CertificateSummary } from '@/lib/arca';
import { getEnv } from '@/lib/config';
import { getMasterKeyring, openSecret } from '@/lib/crypto';
import { schema, type Db } from '@/lib/db';
import type { RegistrationView } from './get-registration';
import { updateProgress } from './update-progress';

/** ARCA endpoints to use instead of the configured ones (tests point them at their own simulator). */
export interface ArcaEndpoints {
  wsaa: string;
  wsfe: string;
}

export interface ValidationResult {
  ok: boolean;
  /** Failed checks first; each code is explained by arca.codes.<code>. */
  problems: ArcaOutcome[];
  notices: string[];
  certificate?: CertificateSummary;
}

/**
 * Every check ARCA applies, then a real WSAA login for wsfe. Only a certificate that passes
 * all of them is stored as validated; a failure changes nothing saved.
 */
export async function validateCertificate(db: Db, registration: RegistrationView, input: string | Uint8Array, endpoints?: ArcaEndpoints): Promise<ValidationResult> {
  const read = readCertificate(input);
  if (!read.ok) return { ok: false, problems: [{ code: read.code, ok: false }], notices: [] };
  const [row] = await db.select().from(schema.registrationCredentials).where(eq(schema.registrationCredentials.entryId, registration.entryId));
  if (!row) return { ok: false, problems: [{ code: 'key_missing', ok: false }], notices: [] };
  const privateKeyPem = openSecret(row.keySealed, getMasterKeyring(), registration.entryId).toString('utf8');
  const env = getEnv();
  const trust = await getTrustStore({ db, simulator: env.arcaSimulator });
  const verdict = checkCertificate(read.certificate, { environment: registration.environment, cuit: registration.company.cuit, key: createPrivateKey(privateKeyPem), trust });
  const notices = read.notices.map(String);
  if (!verdict.ok) return { ok: false, problems: verdict.checks.filter((c) => !c.ok), notices, certificate: verdict.certificate };

  const ticket = await getAccessTicket({ db, environment: registration.environment, url: (endpoints ?? env.arca[registration.environment]).wsaa, certificatePem: read.pem, privateKeyPem });
  if (!ticket.ok) return { ok: false, problems: [ticket.outcome], notices, certificate: verdict.certificate };

  const summary = verdict.certificate;
  await db
    .update(schema.registrationCredentials)
    .set({ certificatePem: read.pem, certificateNotAfter: new Date(summary.not_after), lastChecks: verdict.checks, validatedAt: new Date(), updatedAt: new Date() })
    .where(eq(schema.registrationCredentials.entryId, registration.entryId));
  await updateProgress(db, registration.entryId, 'points-of-sale', { certificate: { alias: summary.alias, cuit: summary.cuit, notAfter: summary.not_after } });
  return { ok: true, problems: [], notices, certificate: summary };
}
