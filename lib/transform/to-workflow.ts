import type { schema } from '@/lib/db';
import type { Step } from './schemas';
import { TEMPLATE_SCHEMAS } from './templates';

type WorkflowRow = typeof schema.workflows.$inferSelect;

/** Public shape: webhook tokens are write-only and never listed back. */
export function toWorkflow(row: WorkflowRow) {
  const hideToken = (s: Step): Step => (s.config && 'token' in s.config ? { ...s, config: { ...s.config, token: '********' } } : s);
  return {
    id: row.id,
    name: row.name,
    ...(row.description ? { description: row.description } : {}),
    ...(row.template ? { template: row.template } : {}),
    ...(row.template && TEMPLATE_SCHEMAS[row.template] ? { schema: TEMPLATE_SCHEMAS[row.template] } : {}),
    steps: (row.steps as Step[]).map(hideToken),
    rescue: (row.rescue as Step[]).map(hideToken),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
