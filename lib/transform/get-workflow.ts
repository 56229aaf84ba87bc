import 'server-only';
import { and, desc, eq, lt } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import { toWorkflow } from './to-workflow';

export async function getWorkflow(db: Db, ownerId: string, id: string) {
  const [row] = await db.select().from(schema.workflows).where(and(eq(schema.workflows.id, id), eq(schema.workflows.ownerId, ownerId)));
  return row ? toWorkflow(row) : undefined;
}

/** Newest first; like Invopop, a page continues before the previous page's `next_created_at`. */
export async function listWorkflows(db: Db, ownerId: string, options: { limit: number; created_at?: string }) {
  const before = options.created_at ? new Date(options.created_at) : undefined;
  const where = before ? and(eq(schema.workflows.ownerId, ownerId), lt(schema.workflows.createdAt, before)) : eq(schema.workflows.ownerId, ownerId);
  const rows = await db.select().from(schema.workflows).where(where).orderBy(desc(schema.workflows.createdAt)).limit(options.limit + 1);
  const page = rows.slice(0, options.limit);
  return {
    list: page.map(toWorkflow),
    limit: options.limit,
    ...(options.created_at ? { created_at: options.created_at } : {}),
    ...(rows.length > options.limit ? { next_created_at: page[page.length - 1]!.createdAt.toISOString() } : {}),
  };
}
