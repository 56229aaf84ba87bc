import type { schema } from '@/lib/db';

type JobRow = typeof schema.jobs.$inferSelect;
type IntentRow = typeof schema.jobIntents.$inferSelect;

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

function toIntent(row: IntentRow) {
  return {
    id: row.id,
    step_id: row.stepId,
    name: row.name,
    provider: row.provider,
    ...(row.phase === 'rescue' ? { rescue: true } : {}),
    status: row.status,
    completed: ['OK', 'KO', 'SKIP'].includes(row.status),
    events: (row.events as JobEvent[]).map((event, index) => ({ index, ...event })),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The job without its intents, as lists show it. */
export function toJobSummary(row: JobRow) {
  const { intents, ...summary } = toJob(row, []);
  void intents;
  return summary;
}

export function toJob(row: JobRow, intents: IntentRow[]) {
  return {
    id: row.id,
    ...(row.key !== null ? { key: row.key } : {}),
    workflow_id: row.workflowId,
    silo_entry_id: row.siloEntryId,
    status: row.status,
    args: row.args as Record<string, unknown>,
    tags: row.tags as string[],
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    ...(row.completedAt ? { completed_at: row.completedAt.toISOString() } : {}),
    faults: row.faults as { provider?: string; code?: string; message: string }[],
    intents: intents.map(toIntent),
  };
}

export type Job = ReturnType<typeof toJob>;
