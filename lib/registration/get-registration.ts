import 'server-only';
import { latestJobStatusSql } from '@/lib/transform';
import { runStatement, statement, toDateOrNull, type Db } from '@/lib/db';
import { partyOf } from '@/lib/silo';
import { PUBLIC_LINK_FROM } from './public-link-sql';
import type { Regime, WizardStep } from './steps';
import type { Supplier } from './supplier';

export interface CertificateInfo {
  alias: string | null;
  cuit: string | null;
  notAfter: string;
}

/** What the wizard's pages show; verbs take the Supplier part of it. */
export interface RegistrationView extends Supplier {
  step: WizardStep;
  regime: Regime | null;
  authorizedAt: string | null;
  /** The link stops working when its job was knocked out or cancelled. */
  linkRevoked: boolean;
  /** The validated credentials in use; null until a certificate passes every check. */
  credentials: {
    source: 'generated' | 'byo';
    alias: string | null;
    csrPem: string | null;
    certificate: CertificateInfo | null;
    validatedAt: string | null;
  } | null;
  /** A new key and CSR waiting for ARCA's certificate; the validated credentials stay in use meanwhile. */
  pendingCsr: { alias: string; csrPem: string } | null;
  /**
   * A renewal of the certificate in use (a job ran again on the registered supplier), with that
   * certificate's expiry; null when none is running or its job was knocked out or cancelled.
   */
  renewal: { startedAt: string; currentNotAfter: string | null } | null;
  /** When the last renewal replaced the certificate; null when it was never renewed. */
  renewedAt: string | null;
}

/**
 * The CSR the supplier is working with: the pending one, else the one behind the validated
 * certificate (never during a renewal, which needs a new one).
 */
export function currentCsr(
  registration: Pick<RegistrationView, 'credentials' | 'pendingCsr' | 'renewal'>,
): { alias: string; csrPem: string } | null {
  if (registration.pendingCsr) return registration.pendingCsr;
  if (registration.renewal) return null;
  const { alias, csrPem } = registration.credentials ?? {};
  return alias && csrPem ? { alias, csrPem } : null;
}

// One round trip: every wizard page starts with it. The sealed key is never selected.
const registrationByRef = statement(
  'registration_by_ref',
  `select e.id as entry_id, e.owner_id, e.data, w.environment, r.step, r.progress, r.authorized_at,
     r.renewal_started_at, c.certificate_not_after, c.source, c.alias, c.csr_pem, c.validated_at, p.alias as pending_alias, p.csr_pem as pending_csr_pem,
     ${latestJobStatusSql('e.id')} as job_status
   ${PUBLIC_LINK_FROM}`,
);

/** What the wizard shows for a public ref, or undefined for any ref that is not a live link. */
export async function getRegistrationByRef(
  db: Db,
  ref: string,
): Promise<RegistrationView | undefined> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(ref)) return undefined;
  const [row] = await runStatement(db, registrationByRef, [ref]);
  if (!row) return undefined;
  const progress = row.progress as {
    regime?: Regime;
    certificate?: CertificateInfo;
    renewedAt?: string;
  };
  const authorizedAt = toDateOrNull(row.authorized_at);
  const jobStopped = row.job_status === 'KO' || row.job_status === 'CANCEL';
  const renewalStartedAt = toDateOrNull(row.renewal_started_at);
  return {
    entryId: String(row.entry_id),
    ownerId: String(row.owner_id),
    environment: row.environment as RegistrationView['environment'],
    company: partyOf(row.data as Record<string, unknown>),
    step: row.step as WizardStep,
    regime: progress.regime ?? null,
    authorizedAt: authorizedAt?.toISOString() ?? null,
    linkRevoked: !authorizedAt && jobStopped,
    credentials: row.source
      ? {
          source: row.source as 'generated' | 'byo',
          alias: (row.alias as string | null) ?? null,
          csrPem: (row.csr_pem as string | null) ?? null,
          certificate: progress.certificate ?? null,
          validatedAt: toDateOrNull(row.validated_at)?.toISOString() ?? null,
        }
      : null,
    pendingCsr: row.pending_alias
      ? { alias: String(row.pending_alias), csrPem: String(row.pending_csr_pem) }
      : null,
    renewal:
      renewalStartedAt && !jobStopped
        ? {
            startedAt: renewalStartedAt.toISOString(),
            currentNotAfter: toDateOrNull(row.certificate_not_after)?.toISOString() ?? null,
          }
        : null,
    renewedAt: progress.renewedAt ?? null,
  };
}
