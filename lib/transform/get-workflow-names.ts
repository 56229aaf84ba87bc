import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';

export interface WorkflowName {
  name: string;
  /** The template it was made from: its name, when not changed, is the template's. */
  template: string | null;
}

/** The names of several workflows of one workspace, in one query; ids of other workspaces are left out. */
export async function getWorkflowNames(
  db: Db,
  ownerId: string,
  ids: string[],
): Promise<Record<string, WorkflowName>> {
  if (ids.length === 0) return {};
  const { workflows } = schema;
  const rows = await db
    .select({ id: workflows.id, name: workflows.name, template: workflows.template })
    .from(workflows)
    .where(and(eq(workflows.ownerId, ownerId), inArray(workflows.id, ids)));
  return Object.fromEntries(
    rows.map((row) => [row.id, { name: row.name, template: row.template }]),
  );
}
