import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import { wakeRunner } from './runner/wake';

/**
 * Makes the entry's parked (QUEUED) jobs due now and wakes this process's runner: what they waited
 * for has happened. A job parking at the same moment rechecks after its park is recorded.
 */
export async function resumeJobsWaitingOn(db: Db, entryId: string): Promise<void> {
  await db
    .update(schema.jobs)
    .set({ runAfter: sql`now()` })
    .where(
      and(
        eq(schema.jobs.siloEntryId, entryId),
        isNull(schema.jobs.completedAt),
        eq(schema.jobs.status, 'QUEUED'),
      ),
    );
  wakeRunner();
}
