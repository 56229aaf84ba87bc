import type { Db } from '@/lib/db';
import type { JobRow } from '../job-row';
import type { Step, StepProvider } from '../schemas';
import type { JobEvent } from '../job';
import type { JobFaultCode } from '../fault-codes';
import type { JobSlot } from './run-slots';

export type { JobSlot };

export type { JobRow };

export interface StepContext {
  db: Db;
  job: JobRow;
  step: Step;
  /** This step's earlier events (retries, a run cut short by a crash). */
  previousEvents: JobEvent[];
  now: Date;
  /** Whether the workspace has connected an app; asked once per job run. */
  appConnected(app: string): Promise<boolean>;
  /**
   * The job's running slot: a step gives it back while it only waits (another job's turn, a remote
   * answer), so the runner claims more. Absent when the step is run outside the runner.
   */
  slot?: JobSlot;
}

/** `hideTiming`: the run's events all carry the outcome's time, so no latency can be read from them. */
type Timing = { hideTiming?: boolean };

export type StepOutcome =
  | { status: 'OK'; message?: string; detail?: Partial<JobEvent> }
  /** `recheck` runs after the park is recorded: a wake-up that raced with parking is not lost. */
  | { status: 'QUEUED'; message: string; recheck?: () => Promise<boolean> }
  | ({ status: 'ERR'; message: string; retryAt: Date; detail?: Partial<JobEvent> } & Timing)
  | ({
      status: 'KO';
      code: JobFaultCode;
      message: string;
      provider: string;
      detail?: Partial<JobEvent>;
    } & Timing);

export type StepHandler = (ctx: StepContext) => Promise<StepOutcome>;

/** The runner's step registry: one handler for every provider, filled in by the domains that own them. */
export type StepHandlers = Record<StepProvider, StepHandler>;
