import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import { laterStep, type WizardStep } from './steps';

/**
 * Merges into the saved progress and moves the furthest step reached forward. Starting over (a new
 * certificate request) sets it to `reached` even when that is back: the later steps wait for the new
 * certificate. A completed registration (authorised meanwhile, e.g. in another tab) is not moved back,
 * unless it is renewing its certificate.
 */
export async function updateProgress(
  db: Db,
  entryId: string,
  reached: WizardStep,
  patch: Record<string, unknown> = {},
  options: { startOver?: boolean } = {},
) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        step: schema.registrations.step,
        authorizedAt: schema.registrations.authorizedAt,
        renewalStartedAt: schema.registrations.renewalStartedAt,
      })
      .from(schema.registrations)
      .where(eq(schema.registrations.entryId, entryId))
      .for('update');
    if (!row) return;
    const startsOver = options.startOver && (!row.authorizedAt || row.renewalStartedAt);
    const step = startsOver ? reached : laterStep(row.step, reached);
    await tx
      .update(schema.registrations)
      .set({
        step,
        progress: sql`${schema.registrations.progress} || ${JSON.stringify(patch)}::jsonb`,
        updatedAt: new Date(),
      })
      .where(eq(schema.registrations.entryId, entryId));
  });
}
