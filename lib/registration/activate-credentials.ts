import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { CertificateSummary } from '@/lib/arca';
import { getMasterKeyring, resealSecret } from '@/lib/crypto';
import { schema, type Db } from '@/lib/db';
import { resumeJobsWaitingOn } from '@/lib/transform';
import { setLinkValue } from './create-link';
import type { Supplier } from './supplier';
import { updateProgress } from './update-progress';

export interface ValidatedCredentials {
  source: 'generated' | 'byo';
  alias: string | null;
  csrPem: string | null;
  keySealed: string;
  certificatePem: string;
  /** The pending request's CSR these answer or replace: only that request is cleared. */
  pendingCsrPem: string | null;
}

/**
 * Makes a certificate that passed every check (and a WSAA login) the supplier's credentials, in one
 * transaction: the row invoicing reads is updated in place, so a reader sees the old credentials or
 * the new ones, never none. A different certificate it replaces is kept as superseded. During a
 * renewal the same transaction ends it (the registration stays complete) and the waiting job wakes.
 */
export async function activateCredentials(
  db: Db,
  supplier: Supplier,
  validated: ValidatedCredentials,
  checks: unknown,
  summary: CertificateSummary,
): Promise<void> {
  const credentials = schema.registrationCredentials;
  const pending = schema.registrationPendingCredentials;
  const values = {
    source: validated.source,
    alias: validated.alias,
    csrPem: validated.csrPem,
    // Read before the checks: a master key rotation may have re-sealed everything meanwhile.
    keySealed: resealSecret(validated.keySealed, getMasterKeyring(), supplier.entryId),
    certificatePem: validated.certificatePem,
    certificateNotAfter: new Date(summary.not_after),
    lastChecks: checks,
    validatedAt: new Date(),
    updatedAt: new Date(),
  };
  const certificate = { alias: summary.alias, cuit: summary.cuit, notAfter: summary.not_after };
  const renewed = await db.transaction(async (tx) => {
    // Locks the registration first: a renewal starting or ending meanwhile waits for this one.
    const [registration] = await tx
      .select({ renewalStartedAt: schema.registrations.renewalStartedAt })
      .from(schema.registrations)
      .where(eq(schema.registrations.entryId, supplier.entryId))
      .for('update');
    const [current] = await tx
      .select()
      .from(credentials)
      .where(eq(credentials.entryId, supplier.entryId))
      .for('update');
    if (current?.certificatePem && current.certificatePem !== validated.certificatePem)
      await tx.insert(schema.registrationSupersededCredentials).values({
        entryId: supplier.entryId,
        ownerId: supplier.ownerId,
        alias: current.alias,
        certificatePem: current.certificatePem,
        certificateNotAfter: current.certificateNotAfter,
        validatedAt: current.validatedAt,
      });
    await tx
      .insert(credentials)
      .values({ entryId: supplier.entryId, ownerId: supplier.ownerId, ...values })
      .onConflictDoUpdate({ target: credentials.entryId, set: values });
    if (registration?.renewalStartedAt) {
      const renewedAt = new Date().toISOString();
      // The renewal is over: any other request still pending would keep a sealed key for nothing.
      await tx.delete(pending).where(eq(pending.entryId, supplier.entryId));
      await tx
        .update(schema.registrations)
        .set({
          renewalStartedAt: null,
          step: 'done',
          progress: sql`${schema.registrations.progress} || ${JSON.stringify({ certificate, renewedAt })}::jsonb`,
          updatedAt: sql`now()`,
        })
        .where(eq(schema.registrations.entryId, supplier.entryId));
      await setLinkValue(tx, supplier, {
        renewal: false,
        renewed_at: renewedAt,
        certificate_not_after: summary.not_after,
      });
      return true;
    }
    if (validated.pendingCsrPem)
      await tx
        .delete(pending)
        .where(
          and(eq(pending.entryId, supplier.entryId), eq(pending.csrPem, validated.pendingCsrPem)),
        );
    // A request made meanwhile (another tab) still waits for its certificate: the step stays with it.
    const [newer] = await tx
      .select({ entryId: pending.entryId })
      .from(pending)
      .where(eq(pending.entryId, supplier.entryId));
    await updateProgress(tx, supplier.entryId, newer ? 'arca' : 'points-of-sale', { certificate });
    return false;
  });
  if (renewed) await resumeJobsWaitingOn(db, supplier.entryId);
}
