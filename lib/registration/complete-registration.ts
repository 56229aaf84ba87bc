import 'server-only';
import { and, eq, exists, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import { DomainError } from '@/lib/errors';
import { resumeJobsWaitingOn } from '@/lib/transform';

const credentials = schema.registrationCredentials;

/**
 * Marks the supplier's certificate as authorised and wakes the job waiting for it, only while a
 * validated, unexpired certificate and its key are stored (checked in the same statement, whatever
 * the caller believes); a pending certificate request is dropped with it. Idempotent: a second call (double submit, another tab) changes nothing and
 * says so.
 */
export async function completeRegistration(
  db: Db,
  entryId: string,
): Promise<{ completedNow: boolean }> {
  const validatedCredentials = db
    .select({ entryId: credentials.entryId })
    .from(credentials)
    .where(
      and(
        eq(credentials.entryId, entryId),
        isNotNull(credentials.validatedAt),
        isNotNull(credentials.certificatePem),
        gt(credentials.certificateNotAfter, sql`now()`),
      ),
    );
  const rows = await db.transaction(async (tx) => {
    const completed = await tx
      .update(schema.registrations)
      .set({ authorizedAt: sql`now()`, step: 'done', updatedAt: sql`now()` })
      .where(
        and(
          eq(schema.registrations.entryId, entryId),
          isNull(schema.registrations.authorizedAt),
          exists(validatedCredentials),
        ),
      )
      .returning({ entryId: schema.registrations.entryId });
    // A request never answered would keep a sealed private key for nothing.
    if (completed.length > 0)
      await tx
        .delete(schema.registrationPendingCredentials)
        .where(eq(schema.registrationPendingCredentials.entryId, entryId));
    return completed;
  });
  if (rows.length === 0) {
    const [existing] = await db
      .select({ at: schema.registrations.authorizedAt })
      .from(schema.registrations)
      .where(eq(schema.registrations.entryId, entryId));
    if (!existing)
      throw new DomainError({
        kind: 'not_found',
        code: 'registration_not_found',
        detail: 'This entry has no registration.',
      });
    if (!existing.at)
      throw new DomainError({
        kind: 'precondition',
        code: 'no_validated_certificate',
        detail: 'No validated, unexpired ARCA certificate is stored for this entry.',
      });
    return { completedNow: false };
  }
  await resumeJobsWaitingOn(db, entryId);
  return { completedNow: true };
}

export async function isRegistrationAuthorized(db: Db, entryId: string): Promise<boolean> {
  const [row] = await db
    .select({ at: schema.registrations.authorizedAt })
    .from(schema.registrations)
    .where(eq(schema.registrations.entryId, entryId));
  return !!row?.at;
}
