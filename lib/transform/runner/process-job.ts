import 'server-only';
import { and, eq } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import type { Logger } from 'pino';
import type { Step } from '../schemas';
import type { JobEvent } from '../to-job';
import { STEP_HANDLERS } from '../steps';
import { recordOutcome, type Position } from './record-outcome';
import { unparkJob } from './unpark-job';
import type { StepOutcome } from './types';

/**
 * Runs a leased job's steps one after another until it parks, waits for a retry, finishes, or the
 * lease is lost. A crash between a step and its record re-runs that step: steps are idempotent.
 */
export async function processJob(db: Db, jobId: string, owner: string, leaseMs: number, log: Logger): Promise<void> {
  const [job] = await db.select().from(schema.jobs).where(and(eq(schema.jobs.id, jobId), eq(schema.jobs.leaseOwner, owner)));
  if (!job) return;
  const [workflow] = await db.select({ steps: schema.workflows.steps, rescue: schema.workflows.rescue }).from(schema.workflows).where(eq(schema.workflows.id, job.workflowId));
  const steps = (workflow?.steps ?? []) as Step[];
  const rescue = (workflow?.rescue ?? []) as Step[];
  let at: Position | undefined = { phase: job.phase === 'rescue' ? 'rescue' : 'steps', index: job.stepIndex };

  while (at) {
    const step = (at.phase === 'steps' ? steps : rescue)[at.index];
    if (!step) {
      const done = at.phase === 'steps' ? 'OK' : 'KO';
      await db.update(schema.jobs).set({ status: done, completedAt: new Date(), updatedAt: new Date(), leaseOwner: null, leaseUntil: null }).where(and(eq(schema.jobs.id, job.id), eq(schema.jobs.leaseOwner, owner)));
      return;
    }
    const [intent] = await db
      .select({ events: schema.jobIntents.events })
      .from(schema.jobIntents)
      .where(and(eq(schema.jobIntents.jobId, job.id), eq(schema.jobIntents.phase, at.phase), eq(schema.jobIntents.position, at.index)));
    const startedAt = new Date();
    let outcome: StepOutcome;
    try {
      outcome = await STEP_HANDLERS[step.provider]({ db, job, step, previousEvents: (intent?.events ?? []) as JobEvent[], now: startedAt });
    } catch (error) {
      log.error({ err: error, jobId: job.id, step: step.provider }, 'runner: step failed unexpectedly');
      outcome = { status: 'KO', provider: step.provider, code: 'step_failed', message: `${step.name} failed unexpectedly; the cause is in the server log.` };
    }
    const recorded = await recordOutcome(db, { job, owner, leaseMs, step, at, startedAt, outcome, hasRescue: rescue.length > 0, stepCount: steps.length, rescueCount: rescue.length });
    if (!recorded.held) log.warn({ jobId: job.id }, 'runner: lease lost; another runner continues this job');
    // The wake-up (e.g. completeRegistration) may have landed between the step's check and the park.
    if (recorded.held && outcome.status === 'QUEUED' && (await outcome.recheck?.())) await unparkJob(db, job.id);
    at = recorded.next;
  }
}
