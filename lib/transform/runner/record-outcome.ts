import 'server-only';
import { runStatement, statement, type Db } from '@/lib/db';
import type { Step } from '../schemas';
import type { JobEvent } from '../job';
import { appendEvents } from './fold-events';
import type { JobRow, StepOutcome } from './types';

// Parked jobs wait for a wake-up (completeRegistration), not for the clock.
const PARKED_UNTIL = new Date('9999-12-31T00:00:00Z');

/** `notice`: a job that runs one webhook step of its workflow for a subscribed event, and nothing else. */
export interface Position {
  phase: 'steps' | 'rescue' | 'notice';
  index: number;
}

// A data-modifying CTE: no intent row without the job's move, and nothing at all without the lease.
const recordStep = statement(
  'transform_record_step',
  `with moved as (
     update transform_jobs
     set status = $3, step_index = $4, phase = $5, run_after = $6::timestamptz, lease_owner = $7,
         lease_until = $8::timestamptz, completed_at = $9::timestamptz, faults = $10::jsonb,
         updated_at = $11::timestamptz
     where id = $1 and lease_owner = $2
     returning id)
   insert into transform_job_intents (job_id, position, phase, step_id, name, provider, status, events)
   select id, $12, $13, $14, $15, $16, $17, $18::jsonb from moved
   on conflict (job_id, phase, position) do update
     set status = excluded.status, events = excluded.events, updated_at = excluded.updated_at
   returning id`,
);

/**
 * Writes a step's intent events and moves the job on, atomically (one statement), only while this
 * runner still holds the lease. `previousEvents` are the intent's stored events: the lease makes this
 * runner their only writer, so the whole list is written, folded when long (fold-events.ts).
 * Returns the job's next position (undefined when it stops here) and the intent's events.
 */
export async function recordOutcome(
  db: Db,
  args: {
    job: JobRow;
    owner: string;
    leaseMs: number;
    step: Step;
    at: Position;
    startedAt: Date;
    outcome: StepOutcome;
    previousEvents: JobEvent[];
    hasRescue: boolean;
    stepCount: number;
    rescueCount: number;
  },
): Promise<{ held: boolean; next?: Position; events: JobEvent[] }> {
  const { job, outcome, at } = args;
  const now = new Date();
  // A destination that gave no HTTP answer: how long it took (refused, closed, filtered) would tell a port scan.
  const runAt = 'hideTiming' in outcome && outcome.hideTiming ? now : args.startedAt;
  const events = appendEvents(args.previousEvents, [
    { status: 'RUN', at: runAt.toISOString() },
    {
      status: outcome.status,
      at: now.toISOString(),
      ...(outcome.message ? { message: outcome.message } : {}),
      ...('code' in outcome ? { code: outcome.code } : {}),
      ...('detail' in outcome ? outcome.detail : {}),
    },
  ]);
  const { next, ...moved } = nextState(args, now);
  const leaseUntil = next ? new Date(now.getTime() + args.leaseMs) : null;
  const ts = (d: Date | null) => (d ? d.toISOString() : null);
  const rows = await runStatement<{ id: string }>(db, recordStep, [
    job.id,
    args.owner,
    moved.status,
    moved.stepIndex,
    moved.phase,
    ts(moved.runAfter),
    next ? args.owner : null,
    ts(leaseUntil),
    ts(moved.completedAt),
    JSON.stringify(moved.faults),
    ts(now),
    at.index,
    at.phase,
    args.step.id,
    args.step.name,
    args.step.provider,
    outcome.status,
    JSON.stringify(events),
  ]);
  const held = rows.length === 1;
  if (held)
    Object.assign(job, {
      status: moved.status,
      stepIndex: moved.stepIndex,
      phase: moved.phase,
      faults: moved.faults,
    });
  return { held, next: held ? next : undefined, events };
}

type Args = Parameters<typeof recordOutcome>[1];

/** Where the job goes after this outcome: the next step, the rescue, a park, a retry, or its end. */
function nextState({ job, outcome, at, ...args }: Args, now: Date) {
  const base = {
    stepIndex: at.index,
    phase: at.phase,
    runAfter: now,
    completedAt: null as Date | null,
    faults: job.faults as unknown[],
    next: undefined as Position | undefined,
  };
  if (at.phase === 'notice' && (outcome.status === 'OK' || outcome.status === 'KO')) {
    const faults =
      outcome.status === 'KO'
        ? [
            ...base.faults,
            { provider: outcome.provider, code: outcome.code, message: outcome.message },
          ]
        : base.faults;
    // A notice that could not be delivered is the notice's failure, not the entry's: no rescue.
    return { ...base, status: outcome.status, faults, completedAt: now };
  }
  if (outcome.status === 'OK') {
    const count = at.phase === 'steps' ? args.stepCount : args.rescueCount;
    if (at.index + 1 < count) {
      const next: Position = { phase: at.phase, index: at.index + 1 };
      return { ...base, status: 'RUN', stepIndex: next.index, next };
    }
    return { ...base, status: at.phase === 'steps' ? 'OK' : 'KO', completedAt: now };
  }
  if (outcome.status === 'QUEUED') return { ...base, status: 'QUEUED', runAfter: PARKED_UNTIL };
  if (outcome.status === 'ERR') return { ...base, status: 'ERR', runAfter: outcome.retryAt };
  const faults = [
    ...base.faults,
    { provider: outcome.provider, code: outcome.code, message: outcome.message },
  ];
  if (at.phase === 'steps' && args.hasRescue) {
    const next: Position = { phase: 'rescue', index: 0 };
    return { ...base, status: 'RUN', faults, phase: next.phase, stepIndex: 0, next };
  }
  return { ...base, status: 'KO', faults, completedAt: now };
}
