import 'server-only';
import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import { decodeListCursor, encodeCursor, schema, type Db } from '@/lib/db';
import { toJobSummary } from './to-job';

/** Newest first, as summaries (fetch one job for its intents); `silo_entry_id` narrows to one entry's jobs. */
export async function listJobs(db: Db, ownerId: string, options: { limit: number; cursor?: string; siloEntryId?: string }) {
  const before = decodeListCursor(options.cursor);
  const conditions: SQL[] = [eq(schema.jobs.ownerId, ownerId)];
  if (options.siloEntryId) conditions.push(eq(schema.jobs.siloEntryId, options.siloEntryId));
  if (before !== undefined) conditions.push(lt(schema.jobs.seq, before));
  const rows = await db.select().from(schema.jobs).where(and(...conditions)).orderBy(desc(schema.jobs.seq)).limit(options.limit + 1);
  const page = rows.slice(0, options.limit);
  return {
    list: page.map(toJobSummary),
    limit: options.limit,
    ...(options.cursor ? { cursor: options.cursor } : {}),
    ...(rows.length > options.limit ? { next_cursor: encodeCursor(page[page.length - 1]!.seq) } : {}),
  };
}
