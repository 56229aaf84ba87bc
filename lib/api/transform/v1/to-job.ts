import type { Job, JobIntent, JobSummary } from '@/lib/transform';

// The API's wire shapes (Invopop's snake_case, absent rather than null), made from transform's objects.

function toIntentDto(intent: JobIntent) {
  return {
    id: intent.id,
    step_id: intent.stepId,
    name: intent.name,
    provider: intent.provider,
    ...(intent.rescue ? { rescue: true } : {}),
    status: intent.status,
    completed: intent.completed,
    events: intent.events.map((event, index) => ({ index, ...event })),
    created_at: intent.createdAt.toISOString(),
    updated_at: intent.updatedAt.toISOString(),
  };
}

export function toJobSummaryDto(job: JobSummary) {
  return {
    id: job.id,
    ...(job.key !== null ? { key: job.key } : {}),
    workflow_id: job.workflowId,
    silo_entry_id: job.siloEntryId,
    status: job.status,
    args: job.args,
    tags: job.tags,
    created_at: job.createdAt.toISOString(),
    updated_at: job.updatedAt.toISOString(),
    ...(job.completedAt ? { completed_at: job.completedAt.toISOString() } : {}),
    faults: job.faults,
  };
}

export function toJobDto(job: Job) {
  return { ...toJobSummaryDto(job), intents: job.intents.map(toIntentDto) };
}

/** A page of jobs with the query it answers, as Invopop echoes it. */
export function toJobListDto(
  page: { list: JobSummary[]; nextCursor?: string },
  query: { created_at?: string; limit: number; cursor?: string },
) {
  return {
    list: page.list.map(toJobSummaryDto),
    ...(query.created_at ? { created_at: query.created_at } : {}),
    limit: query.limit,
    ...(query.cursor ? { cursor: query.cursor } : {}),
    ...(page.nextCursor ? { next_cursor: page.nextCursor } : {}),
  };
}
