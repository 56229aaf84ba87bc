import type { schema } from '@/lib/db';

type JobRow = typeof schema.jobs.$inferSelect;
type IntentRow = typeof schema.jobIntents.$inferSelect;

/** One thing that happened to a step, as the runner stores it (and the API shows it). */
export interface JobEvent {
  status: string;
  at: string;
  message?: string;
  code?: string;
  /** Webhook attempts: HTTP status, latency and the attempt number. */
  http_status?: number;
  duration_ms?: number;
  attempt?: number;
  /** On an event standing for several runs of the step, folded to keep the intent short: how many. */
  runs?: number;
}

export interface JobFault {
  provider?: string;
  code?: string;
  message: string;
}

/** A step of a job's run: its status and what happened to it. */
export interface JobIntent {
  id: string;
  stepId: string;
  name: string;
  provider: string;
  /** A step of the workflow's rescue, run after a knock-out. */
  rescue: boolean;
  status: string;
  completed: boolean;
  events: JobEvent[];
  createdAt: Date;
  updatedAt: Date;
}

/** A workflow's run on an entry. */
export interface Job {
  id: string;
  key: string | null;
  workflowId: string;
  siloEntryId: string;
  status: string;
  args: Record<string, unknown>;
  tags: string[];
  createdAt: Date;
  updatedAt: Date;
  completedAt: Date | null;
  faults: JobFault[];
  intents: JobIntent[];
}

/** The job without its intents, as lists show it. */
export type JobSummary = Omit<Job, 'intents'>;

function toIntent(row: IntentRow): JobIntent {
  return {
    id: row.id,
    stepId: row.stepId,
    name: row.name,
    provider: row.provider,
    rescue: row.phase === 'rescue',
    status: row.status,
    completed: ['OK', 'KO', 'SKIP'].includes(row.status),
    events: row.events as JobEvent[],
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function toJobSummary(row: JobRow): JobSummary {
  return {
    id: row.id,
    key: row.key,
    workflowId: row.workflowId,
    siloEntryId: row.siloEntryId,
    status: row.status,
    args: row.args as Record<string, unknown>,
    tags: row.tags as string[],
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    completedAt: row.completedAt,
    faults: row.faults as JobFault[],
  };
}

export function toJob(row: JobRow, intents: IntentRow[]): Job {
  return { ...toJobSummary(row), intents: intents.map(toIntent) };
}
