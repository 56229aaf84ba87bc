import 'server-only';
import { and, desc, eq, inArray, lt, type SQL } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import { DomainError } from '@/lib/errors';
import { templatesForSchema } from './templates';
import { toWorkflow, type Workflow } from './workflow';

export async function getWorkflow(
  db: Db,
  ownerId: string,
  id: string,
): Promise<Workflow | undefined> {
  const [row] = await db
    .select()
    .from(schema.workflows)
    .where(and(eq(schema.workflows.id, id), eq(schema.workflows.ownerId, ownerId)));
  return row ? toWorkflow(row) : undefined;
}

/**
 * Newest first; like Invopop, a page continues before the previous page's `nextCreatedAt`, and
 * `schema` (a short GOBL schema name, e.g. `org/party`) keeps the workflows that process it.
 */
export async function listWorkflows(
  db: Db,
  ownerId: string,
  options: { limit: number; createdAt?: string; schema?: string },
): Promise<{ list: Workflow[]; nextCreatedAt?: Date }> {
  const before = options.createdAt ? new Date(options.createdAt) : undefined;
  if (before && Number.isNaN(before.getTime()))
    throw new DomainError({
      kind: 'invalid',
      code: 'invalid_created_at',
      detail: 'created_at is not a date and time.',
      fields: { created_at: 'invalid date-time' },
    });
  const conditions: SQL[] = [eq(schema.workflows.ownerId, ownerId)];
  if (before) conditions.push(lt(schema.workflows.createdAt, before));
  if (options.schema !== undefined)
    conditions.push(inArray(schema.workflows.template, templatesForSchema(options.schema)));
  const rows = await db
    .select()
    .from(schema.workflows)
    .where(and(...conditions))
    .orderBy(desc(schema.workflows.createdAt))
    .limit(options.limit + 1);
  const page = rows.slice(0, options.limit);
  return {
    list: page.map(toWorkflow),
    ...(rows.length > options.limit ? { nextCreatedAt: page[page.length - 1]!.createdAt } : {}),
  };
}
