import 'server-only';
import { and, eq, exists, isNotNull, sql } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';

const credentials = schema.registrationCredentials;
const registrations = schema.registrations;

/**
 * Starts (once) the renewal of a registered supplier's certificate: only while the registration is
 * authorised with a validated certificate stored. The wizard then asks for a new certificate while
 * the validated one stays in use; it is replaced only when the new one validates. Returns whether
 * the entry is renewing (started now or earlier); false for a registration that is not complete.
 */
export async function startRenewal(db: Db, entryId: string): Promise<boolean> {
  const validated = db
    .select({ entryId: credentials.entryId })
    .from(credentials)
    .where(and(eq(credentials.entryId, entryId), isNotNull(credentials.validatedAt)));
  const rows = await db
    .update(registrations)
    .set({
      renewalStartedAt: sql`coalesce(${registrations.renewalStartedAt}, now())`,
      // The wizard opens again at its first step; step only moves back when no renewal was running.
      step: sql`case when ${registrations.renewalStartedAt} is null then 'company' else ${registrations.step} end`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(registrations.entryId, entryId),
        isNotNull(registrations.authorizedAt),
        exists(validated),
      ),
    )
    .returning({ entryId: registrations.entryId });
  return rows.length > 0;
}

/** Whether the supplier is renewing its certificate (a renewal started and not switched yet). */
export async function isRenewing(db: Db, entryId: string): Promise<boolean> {
  const [row] = await db
    .select({ at: registrations.renewalStartedAt })
    .from(registrations)
    .where(eq(registrations.entryId, entryId));
  return !!row?.at;
}
