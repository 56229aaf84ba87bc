import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import type { Step } from '../schemas';
import type { JobEvent } from '../to-job';
import type { JobRow, StepOutcome } from './types';

// Parked jobs wait for a wake-up (completeRegistration), not for the clock.
const PARKED_UNTIL = new Date('9999-12-31T00:00:00Z');

export interface Position {
  phase: 'steps' | 'rescue';
  index: number;
}

/**
 * Writes a step's intent events and moves the job on, in one transaction, only while this runner
 * still holds the lease. Returns the job's next position, or undefined when it stops here.
 */
export async function recordOutcome(
  db: Db,
  args: { job: JobRow; owner: string; leaseMs: number; step: Step; at: Position; startedAt: Date; outcome: StepOutcome; hasRescue: boolean; stepCount: number; rescueCount: number },
): Promise<{ held: boolean; next?: Position }> {
  const { job, outcome, at } = args;
  const events: JobEvent[] = [
    { status: 'RUN', at: args.startedAt.toISOString() },
    { status: outcome.status, at: new Date().toISOString(), ...(outcome.message ? { message: outcome.message } : {}), ...('code' in outcome ? { code: outcome.code } : {}), ...('detail' in outcome ? outcome.detail : {}) },
  ];
  let next: Position | undefined;
  let update: Partial<typeof schema.jobs.$inferInsert> = {};
  const now = new Date();
  if (outcome.status === 'OK') {
    const count = at.phase === 'steps' ? args.stepCount : args.rescueCount;
    if (at.index + 1 < count) {
      next = { phase: at.phase, index: at.index + 1 };
      update = { status: 'RUN', stepIndex: next.index, phase: next.phase, runAfter: now };
    } else {
      update = { status: at.phase === 'steps' ? 'OK' : 'KO', completedAt: now, leaseOwner: null, leaseUntil: null };
    }
  } else if (outcome.status === 'QUEUED') {
    update = { status: 'QUEUED', runAfter: PARKED_UNTIL, leaseOwner: null, leaseUntil: null };
  } else if (outcome.status === 'ERR') {
    update = { status: 'ERR', runAfter: outcome.retryAt, leaseOwner: null, leaseUntil: null };
  } else {
    const faults = [...(job.faults as unknown[]), { provider: outcome.provider, code: outcome.code, message: outcome.message }];
    if (at.phase === 'steps' && args.hasRescue) {
      next = { phase: 'rescue', index: 0 };
      update = { status: 'RUN', faults, phase: 'rescue', stepIndex: 0, runAfter: now };
    } else {
      update = { status: 'KO', faults, completedAt: now, leaseOwner: null, leaseUntil: null };
    }
  }
  if (next) update.leaseUntil = new Date(now.getTime() + args.leaseMs);

  const held = await db.transaction(async (tx) => {
    const moved = await tx
      .update(schema.jobs)
      .set({ ...update, updatedAt: now })
      .where(and(eq(schema.jobs.id, job.id), eq(schema.jobs.leaseOwner, args.owner)))
      .returning({ id: schema.jobs.id });
    if (moved.length === 0) return false;
    await tx
      .insert(schema.jobIntents)
      .values({ jobId: job.id, position: at.index, phase: at.phase, stepId: args.step.id, name: args.step.name, provider: args.step.provider, status: outcome.status, events })
      .onConflictDoUpdate({
        target: [schema.jobIntents.jobId, schema.jobIntents.phase, schema.jobIntents.position],
        set: { status: outcome.status, events: sql`${schema.jobIntents.events} || ${JSON.stringify(events)}::jsonb`, updatedAt: now },
      });
    return true;
  });
  if (held && update.faults) job.faults = update.faults;
  return { held, next: held ? next : undefined };
}
