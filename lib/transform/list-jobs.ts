import 'server-only';
import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import { encodeCursor, schema, type Db } from '@/lib/db';
import { decodeListCursor } from '@/lib/silo';
import { toJobSummary, type JobSummary } from './job';

interface ListJobsOptions {
  limit: number;
  cursor?: string;
  /** Narrows to one entry's jobs. */
  siloEntryId?: string;
  /** As Invopop: jobs created at or before this time. */
  createdAt?: string;
}

/** Newest first, as summaries (fetch one job for its intents). */
export async function listJobs(
  db: Db,
  ownerId: string,
  options: ListJobsOptions,
): Promise<{ list: JobSummary[]; nextCursor?: string }> {
  const before = decodeListCursor(options.cursor);
  const conditions: SQL[] = [eq(schema.jobs.ownerId, ownerId)];
  if (options.siloEntryId) conditions.push(eq(schema.jobs.siloEntryId, options.siloEntryId));
  // At the millisecond precision the API writes times in, so a job's own created_at includes it.
  if (options.createdAt)
    conditions.push(
      sql`date_trunc('milliseconds', ${schema.jobs.createdAt}) <= ${options.createdAt}::timestamptz`,
    );
  if (before !== undefined) conditions.push(lt(schema.jobs.seq, before));
  const rows = await db
    .select()
    .from(schema.jobs)
    .where(and(...conditions))
    .orderBy(desc(schema.jobs.seq))
    .limit(options.limit + 1);
  const page = rows.slice(0, options.limit);
  return {
    list: page.map(toJobSummary),
    ...(rows.length > options.limit
      ? { nextCursor: encodeCursor(page[page.length - 1]!.seq) }
      : {}),
  };
}
