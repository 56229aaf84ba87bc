import 'server-only';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { getEnv } from '@/lib/config';
import type { Db } from '@/lib/db';
import { getLogger } from '@/lib/log';
import { claimJobs } from './claim-jobs';
import { processJob } from './process-job';
import type { JobRow, StepHandlers } from './types';
import { onRunnerWake } from './wake';
import { workflowCache } from './workflow-cache';

interface RunnerOptions {
  getDb: () => Promise<Db>;
  /** Each provider's handler, filled in by the domains that own the steps (lib/workflow-steps). */
  steps: StepHandlers;
  /** Jobs run at once by this instance (RUNNER_CONCURRENCY). */
  concurrency?: number;
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
  const pollMs = options.pollMs ?? 1_000;
  const leaseMs = options.leaseMs ?? getEnv().runnerLeaseMs;
  const log = getLogger().child({ runner: id });
  const active = new Set<Promise<void>>();
  let running = true;
  let loopEnded = false;
  let lastLoopAt: Date | undefined;
  let wake: (() => void) | undefined;
  // A wake-up that arrives while claiming must not be lost until the next poll.
  let woken = false;
  const unsubscribe = onRunnerWake(() => {
    woken = true;
    wake?.();
  });

  const loop = async () => {
    const db = await options.getDb();
    const workflows = workflowCache(db);
    while (running) {
      lastLoopAt = new Date();
      woken = false;
      const free = concurrency - active.size;
      let claimed: JobRow[] = [];
      if (free > 0) {
        try {
          claimed = await claimJobs(db, id, free, leaseMs);
        } catch (error) {
          if (running) log.error({ err: error }, 'runner: claim failed');
        }
      }
      for (const job of claimed) {
        const work = processJob(db, job, id, leaseMs, log, workflows, options.steps)
          .catch((error: unknown) => log.error({ err: error, jobId: job.id }, 'runner: job failed'))
          .finally(() => {
            active.delete(work);
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
  log.info({ concurrency, pollMs, leaseMs }, 'runner: started');
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
      log.info('runner: stopped');
    },
  };
}
