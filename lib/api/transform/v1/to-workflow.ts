import type { Workflow } from '@/lib/transform';

// The API's wire shape of a workflow (Invopop's snake_case, absent rather than null).

export function toWorkflowDto(workflow: Workflow) {
  return {
    id: workflow.id,
    name: workflow.name,
    ...(workflow.description ? { description: workflow.description } : {}),
    ...(workflow.template ? { template: workflow.template } : {}),
    ...(workflow.schema ? { schema: workflow.schema } : {}),
    steps: workflow.steps,
    rescue: workflow.rescue,
    created_at: workflow.createdAt.toISOString(),
    updated_at: workflow.updatedAt.toISOString(),
  };
}

/** A page of workflows with the query it answers, as Invopop echoes it. */
export function toWorkflowListDto(
  page: { list: Workflow[]; nextCreatedAt?: Date },
  query: { limit: number; created_at?: string; schema?: string },
) {
  return {
    list: page.list.map(toWorkflowDto),
    limit: query.limit,
    ...(query.created_at ? { created_at: query.created_at } : {}),
    ...(query.schema !== undefined ? { schema: query.schema } : {}),
    ...(page.nextCreatedAt ? { next_created_at: page.nextCreatedAt.toISOString() } : {}),
  };
}
