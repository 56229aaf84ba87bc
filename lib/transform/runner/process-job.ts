import 'server-only';
import { and, eq } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import type { Logger } from 'pino';
import { countJobFinished } from '@/lib/metrics';
import { isAppConnected } from '@/lib/workspaces';
import type { JobEvent } from '../job';
import { recordOutcome, type Position } from './record-outcome';
import type { ClaimedJob } from './claim-jobs';
import type { StepHandlers, StepOutcome } from './types';
import { unparkJob } from './unpark-job';
import { refuseMismatchedEntry } from './refuse-mismatched-entry';
import type { JobSlot } from './run-slots';
import type { WorkflowSteps } from './workflow-cache';

/** What the runner hands each job it runs. */
export interface JobRun {
  owner: string;
  leaseMs: number;
  log: Logger;
  workflows: (id: string) => Promise<WorkflowSteps>;
  /** The job's running slot, which a step gives back while it only waits. */
  slot: JobSlot;
  /** Keeps the job's lease fresh until the returned release (keepLeases). */
  holdLease(jobId: string): () => void;
}

/**
 * Runs a leased job's steps one after another until it parks, waits for a retry, finishes, or the
 * lease is lost. The lease is renewed meanwhile, so only a crash hands the job to another runner; a
 * crash between a step and its record re-runs that step: steps are idempotent.
 */
export async function processJob(
  db: Db,
  job: ClaimedJob,
  run: JobRun,
  steps: StepHandlers,
): Promise<void> {
  const release = run.holdLease(job.id);
  try {
    await runSteps(db, job, run, steps);
  } finally {
    release();
  }
}

async function runSteps(
  db: Db,
  job: ClaimedJob,
  { owner, leaseMs, log, workflows, slot }: JobRun,
  handlers: StepHandlers,
): Promise<void> {
  const { steps, rescue, template } = await workflows(job.workflowId);
  // A job stored before workflows were held to their schema ends here, before any step or rescue.
  if (
    job.phase !== 'notice' &&
    (await refuseMismatchedEntry(db, job, owner, leaseMs, template, job.entryDocSchema))
  ) {
    countJobFinished('KO');
    return;
  }
  const history = await previousEvents(db, job.id, job.attempts);
  const apps = new Map<string, Promise<boolean>>();
  const appConnected = (app: string) =>
    apps.get(app) ?? apps.set(app, isAppConnected(db, job.ownerId, app)).get(app)!;
  let at: Position | undefined = {
    phase: job.phase === 'rescue' || job.phase === 'notice' ? job.phase : 'steps',
    index: job.stepIndex,
  };

  while (at) {
    const step = (at.phase === 'rescue' ? rescue : steps)[at.index];
    if (!step) {
      const done = at.phase === 'rescue' ? 'KO' : 'OK';
      const finished = await db
        .update(schema.jobs)
        .set({
          status: done,
          completedAt: new Date(),
          updatedAt: new Date(),
          leaseOwner: null,
          leaseUntil: null,
        })
        .where(and(eq(schema.jobs.id, job.id), eq(schema.jobs.leaseOwner, owner)))
        .returning({ id: schema.jobs.id });
      if (finished.length > 0) countJobFinished(done);
      return;
    }
    const key = `${at.phase}:${at.index}`;
    const startedAt = new Date();
    let outcome: StepOutcome;
    try {
      outcome = await handlers[step.provider]({
        db,
        job,
        step,
        previousEvents: history.get(key) ?? [],
        now: startedAt,
        appConnected,
        slot,
      });
    } catch (error) {
      log.error(
        { err: error, jobId: job.id, step: step.provider },
        'runner: step failed unexpectedly',
      );
      outcome = {
        status: 'KO',
        provider: step.provider,
        code: 'step_failed',
        message: `${step.name} failed unexpectedly; the cause is in the server log.`,
      };
    }
    const recorded = await recordOutcome(db, {
      job,
      owner,
      leaseMs,
      step,
      at,
      startedAt,
      outcome,
      previousEvents: history.get(key) ?? [],
      hasRescue: rescue.length > 0,
      stepCount: steps.length,
      rescueCount: rescue.length,
    });
    if (!recorded.held)
      log.warn({ jobId: job.id }, 'runner: lease lost; another runner continues this job');
    history.set(key, recorded.events);
    // recordOutcome ends the job with its last step's outcome (OK, or KO without a rescue).
    if (recorded.held && !recorded.next && (job.status === 'OK' || job.status === 'KO'))
      countJobFinished(job.status);
    // The wake-up (e.g. completeRegistration) may have landed between the step's check and the park.
    if (recorded.held && outcome.status === 'QUEUED' && (await outcome.recheck?.()))
      await unparkJob(db, job.id);
    at = recorded.next;
  }
}

/** Each step's recorded events. A job on its first claim has none, so that query is skipped. */
async function previousEvents(
  db: Db,
  jobId: string,
  claims: number,
): Promise<Map<string, JobEvent[]>> {
  const history = new Map<string, JobEvent[]>();
  if (claims <= 1) return history;
  const rows = await db
    .select({
      phase: schema.jobIntents.phase,
      position: schema.jobIntents.position,
      events: schema.jobIntents.events,
    })
    .from(schema.jobIntents)
    .where(eq(schema.jobIntents.jobId, jobId));
  for (const row of rows) history.set(`${row.phase}:${row.position}`, row.events as JobEvent[]);
  return history;
}
