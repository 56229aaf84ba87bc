import 'server-only';
import { and, desc, eq, lt } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import { toWorkflow } from './to-workflow';

export async function getWorkflow(db: Db, ownerId: string, id: string) {
  const [row] = await db.select().from(schema.workflows).where(and(eq(schema.workflows.id, id), eq(schema.workflows.ownerId, ownerId)));
  return row ? toWorkflow(row) : undefined;
}

/** Newest first; the cursor is the creation time of the last one seen. */
export async function listWorkflows(db: Db, ownerId: string, options: { limit: number; cursor?: string }) {
  const before = options.cursor ? new Date(Buffer.from(options.cursor, 'base64url').toString('utf8')) : undefined;
  const where = before && !Number.isNaN(before.getTime()) ? and(eq(schema.workflows.ownerId, ownerId), lt(schema.workflows.createdAt, before)) : eq(schema.workflows.ownerId, ownerId);
  const rows = await db.select().from(schema.workflows).where(where).orderBy(desc(schema.workflows.createdAt)).limit(options.limit + 1);
  const page = rows.slice(0, options.limit);
  return {
    list: page.map(toWorkflow),
    limit: options.limit,
    ...(rows.length > options.limit ? { next_cursor: Buffer.from(page[page.length - 1]!.createdAt.toISOString()).toString('base64url') } : {}),
  };
}
