import 'server-only';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { getEnv } from '@/lib/config';
import type { Db } from '@/lib/db';
import { getLogger } from '@/lib/log';
import { claimJobs, type ClaimedJob } from './claim-jobs';
import { keepLeases } from './keep-leases';
import { processJob } from './process-job';
import { createRunSlots } from './run-slots';
import type { StepHandlers } from './types';
import { onRunnerWake } from './wake';
import { workflowCache } from './workflow-cache';

interface RunnerOptions {
  getDb: () => Promise<Db>;
  /** Each provider's handler, filled in by the domains that own the steps (lib/workflow-steps). */
  steps: StepHandlers;
  /** Jobs run at once by this instance (RUNNER_CONCURRENCY). */
  concurrency?: number;
  /**
   * Jobs held beyond `concurrency` while they only wait, their slot given back (RUNNER_MAX_WAITING):
   * a send waiting for its sequence's turn, which a batch may carry.
   */
  maxWaiting?: number;
  /** How often to look for due jobs when nothing wakes the runner. */
  pollMs?: number;
  /** How long a claimed job stays this instance's; after a crash it becomes claimable again (RUNNER_LEASE_MS). */
  leaseMs?: number;
}

export interface Runner {
  id: string;
  /** When the claim loop last went round (it goes round at least every pollMs while it runs). */
  lastLoopAt(): Date | undefined;
  /** False once stopped, or when the claim loop ended on an error it could not survive. */
  isRunning(): boolean;
  stop(): Promise<void>;
}

/** The durable step runner: claims due jobs from the database and runs them, until stopped. */
export function startRunner(options: RunnerOptions): Runner {
  const id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const concurrency = options.concurrency ?? getEnv().runnerConcurrency;
  const maxWaiting = options.maxWaiting ?? getEnv().runnerMaxWaiting;
  const pollMs = options.pollMs ?? 1_000;
  const leaseMs = options.leaseMs ?? getEnv().runnerLeaseMs;
  const log = getLogger().child({ runner: id });
  const active = new Set<Promise<void>>();
  const runningIds = new Set<string>();
  let running = true;
  let loopEnded = false;
  let lastLoopAt: Date | undefined;
  let wake: (() => void) | undefined;
  let stopLeases: (() => void) | undefined;
  // A wake-up that arrives while claiming must not be lost until the next poll.
  let woken = false;
  // Whether due jobs may be left unclaimed: the last claim took all it asked for, or a job was
  // created since. A slot given back then lets the loop claim at once; otherwise a send waiting for
  // its turn or for ARCA would cost an empty claim each time it gives its slot back.
  let moreDue = true;
  const unsubscribe = onRunnerWake(() => {
    moreDue = true;
    woken = true;
    wake?.();
  });
  const slots = createRunSlots(concurrency, maxWaiting, () => {
    if (!moreDue) return;
    woken = true;
    wake?.();
  });

  const loop = async () => {
    const db = await options.getDb();
    const workflows = workflowCache(db);
    const leases = keepLeases(db, id, leaseMs, log);
    stopLeases = leases.stop;
    while (running) {
      lastLoopAt = new Date();
      woken = false;
      const free = slots.free();
      let claimed: ClaimedJob[] = [];
      if (free > 0) {
        try {
          claimed = await claimJobs(db, id, free, leaseMs);
          moreDue = claimed.length === free;
        } catch (error) {
          if (running) log.error({ err: error }, 'runner: claim failed');
        }
      }
      for (const job of claimed) {
        // Its lease ran out while this runner still works on it (a renewal held up on a saturated
        // event loop or database) and the claim gave it back to us: it is already running here.
        if (runningIds.has(job.id)) {
          log.warn({ jobId: job.id }, 'runner: claimed a job it is still running; not run twice');
          continue;
        }
        runningIds.add(job.id);
        const slot = slots.claimed();
        const run = { owner: id, leaseMs, log, workflows, slot, holdLease: leases.hold };
        const work = processJob(db, job, run, options.steps)
          .catch((error: unknown) => log.error({ err: error, jobId: job.id }, 'runner: job failed'))
          .finally(() => {
            active.delete(work);
            runningIds.delete(job.id);
            slot.end();
            // A job that ends may have made another due (its retry, the next of a queue).
            woken = true;
            wake?.();
          });
        active.add(work);
      }
      if ((claimed.length === free && free > 0) || woken) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wake = () => {
          clearTimeout(timer);
          wake = undefined;
          resolve();
        };
      });
    }
  };
  const done = loop()
    .catch((error: unknown) => log.error({ err: error }, 'runner: the claim loop stopped'))
    .finally(() => {
      loopEnded = true;
    });
  log.info({ concurrency, maxWaiting, pollMs, leaseMs }, 'runner: started');
  return {
    id,
    lastLoopAt: () => lastLoopAt,
    isRunning: () => running && !loopEnded,
    async stop() {
      running = false;
      unsubscribe();
      wake?.();
      await done;
      await Promise.allSettled([...active]);
      stopLeases?.();
      log.info('runner: stopped');
    },
  };
}
