import 'server-only';
import { createPrivateKey } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import {
  checkCertificate,
  getTrustStore,
  readCertificate,
  type ArcaOutcome,
  type CertificateSummary,
} from '@/lib/arca';
import { schema, type Db } from '@/lib/db';
import { accessTicketFor, openPrivateKey, type ArcaEndpoints } from './access-ticket';
import type { Supplier } from './supplier';
import { activateCredentials } from './activate-credentials';

export type { ArcaEndpoints } from './access-ticket';

export interface ValidationResult {
  ok: boolean;
  /** Failed checks first; each code is explained by arca.codes.<code>. */
  problems: ArcaOutcome[];
  notices: string[];
  certificate?: CertificateSummary;
}

/** A key (sealed for the entry) that a certificate must match to become the validated credentials. */
export interface CandidateCredentials {
  source: 'generated' | 'byo';
  alias: string | null;
  csrPem: string | null;
  keySealed: string;
  /**
   * The CSR of the pending request these credentials answer (generated) or replace (brought), as read
   * before the checks: only that one is cleared, a newer one made meanwhile in another tab stays. Its
   * CSR names the request, not its sealed key, which a master key re-seal may change meanwhile.
   */
  pendingCsrPem: string | null;
}

/**
 * The upload step: the certificate ARCA issued for the pending CSR (or, with none pending, again
 * for the validated key) goes through every check.
 */
export async function validateCertificate(
  db: Db,
  supplier: Supplier,
  input: string | Uint8Array,
  endpoints?: ArcaEndpoints,
): Promise<ValidationResult> {
  const [pending] = await db
    .select()
    .from(schema.registrationPendingCredentials)
    .where(eq(schema.registrationPendingCredentials.entryId, supplier.entryId));
  const [active] = await db
    .select()
    .from(schema.registrationCredentials)
    .where(eq(schema.registrationCredentials.entryId, supplier.entryId));
  const candidate: CandidateCredentials | undefined = pending
    ? {
        source: 'generated',
        alias: pending.alias,
        csrPem: pending.csrPem,
        keySealed: pending.keySealed,
        pendingCsrPem: pending.csrPem,
      }
    : active && {
        source: active.source,
        alias: active.alias,
        csrPem: active.csrPem,
        keySealed: active.keySealed,
        pendingCsrPem: null,
      };
  if (!candidate) return { ok: false, problems: [{ code: 'key_missing', ok: false }], notices: [] };
  return validateAndActivate(db, supplier, input, candidate, endpoints);
}

/**
 * Every check ARCA applies, then a real WSAA login for wsfe. Only a certificate that passes all of
 * them replaces the validated credentials (and clears the pending CSR it answers); a failure
 * changes nothing saved. A renewal needs another certificate than the one in use.
 */
export async function validateAndActivate(
  db: Db,
  supplier: Supplier,
  input: string | Uint8Array,
  candidate: CandidateCredentials,
  endpoints?: ArcaEndpoints,
): Promise<ValidationResult> {
  const read = readCertificate(input);
  if (!read.ok) return { ok: false, problems: [{ code: read.code, ok: false }], notices: [] };
  const privateKeyPem = openPrivateKey(supplier, candidate.keySealed);
  const trust = await getTrustStore({ db });
  const verdict = checkCertificate(read.certificate, {
    environment: supplier.environment,
    cuit: supplier.company.cuit,
    key: createPrivateKey(privateKeyPem),
    trust,
  });
  const notices = read.notices.map(String);
  if (await renewsWithTheSameCertificate(db, supplier, read.pem))
    return {
      ok: false,
      problems: [{ code: 'certificate_not_new', ok: false }],
      notices,
      certificate: verdict.certificate,
    };
  if (!verdict.ok)
    return {
      ok: false,
      problems: verdict.checks.filter((c) => !c.ok),
      notices,
      certificate: verdict.certificate,
    };

  const ticket = await accessTicketFor(
    db,
    supplier,
    { certificatePem: read.pem, privateKeyPem },
    endpoints,
  );
  if (!ticket.ok)
    return { ok: false, problems: [ticket.outcome], notices, certificate: verdict.certificate };

  await activateCredentials(
    db,
    supplier,
    { ...candidate, certificatePem: read.pem },
    verdict.checks,
    verdict.certificate,
  );
  const summary = verdict.certificate;
  return { ok: true, problems: [], notices, certificate: summary };
}

async function renewsWithTheSameCertificate(db: Db, supplier: Supplier, certificatePem: string) {
  const [row] = await db
    .select({ certificatePem: schema.registrationCredentials.certificatePem })
    .from(schema.registrationCredentials)
    .innerJoin(
      schema.registrations,
      eq(schema.registrations.entryId, schema.registrationCredentials.entryId),
    )
    .where(
      and(
        eq(schema.registrationCredentials.entryId, supplier.entryId),
        isNotNull(schema.registrations.renewalStartedAt),
      ),
    );
  return row?.certificatePem === certificatePem;
}
