import type { schema } from '@/lib/db';
import type { Step } from './schemas';
import { TEMPLATE_SCHEMAS } from './templates';

type WorkflowRow = typeof schema.workflows.$inferSelect;

/** A workflow as it is shown back: webhook tokens are write-only, masked here for every reader. */
export interface Workflow {
  id: string;
  name: string;
  description: string | null;
  template: string | null;
  /** The short GOBL schema its template processes (e.g. `org/party`). */
  schema: string | null;
  steps: Step[];
  rescue: Step[];
  createdAt: Date;
  updatedAt: Date;
}

export function toWorkflow(row: WorkflowRow): Workflow {
  const hideToken = (s: Step): Step =>
    s.config && 'token' in s.config ? { ...s, config: { ...s.config, token: '********' } } : s;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    template: row.template,
    schema: (row.template && TEMPLATE_SCHEMAS[row.template]) || null,
    steps: (row.steps as Step[]).map(hideToken),
    rescue: (row.rescue as Step[]).map(hideToken),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
