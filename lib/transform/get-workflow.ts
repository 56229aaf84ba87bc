import 'server-only';
import { and, desc, eq, inArray, lt, type SQL } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import { DomainError } from '@/lib/errors';
import { templatesForSchema } from './templates';
import { toWorkflow } from './to-workflow';

export async function getWorkflow(db: Db, ownerId: string, id: string) {
  const [row] = await db.select().from(schema.workflows).where(and(eq(schema.workflows.id, id), eq(schema.workflows.ownerId, ownerId)));
  return row ? toWorkflow(row) : undefined;
}

/**
 * Newest first; like Invopop, a page continues before the previous page's `next_created_at`, and
 * `schema` (a short GOBL schema name, e.g. `org/party`) keeps the workflows that process it.
 */
export async function listWorkflows(db: Db, ownerId: string, options: { limit: number; created_at?: string; schema?: string }) {
  const before = options.created_at ? new Date(options.created_at) : undefined;
  if (before && Number.isNaN(before.getTime())) throw new DomainError({ kind: 'invalid', code: 'invalid_created_at', detail: 'created_at is not a date and time.', fields: { created_at: 'invalid date-time' } });
  const conditions: SQL[] = [eq(schema.workflows.ownerId, ownerId)];
  if (before) conditions.push(lt(schema.workflows.createdAt, before));
  if (options.schema !== undefined) conditions.push(inArray(schema.workflows.template, templatesForSchema(options.schema)));
  const rows = await db.select().from(schema.workflows).where(and(...conditions)).orderBy(desc(schema.workflows.createdAt)).limit(options.limit + 1);
  const page = rows.slice(0, options.limit);
  return {
    list: page.map(toWorkflow),
    limit: options.limit,
    ...(options.created_at ? { created_at: options.created_at } : {}),
    ...(options.schema !== undefined ? { schema: options.schema } : {}),
    ...(rows.length > options.limit ? { next_created_at: page[page.length - 1]!.createdAt.toISOString() } : {}),
  };
}
