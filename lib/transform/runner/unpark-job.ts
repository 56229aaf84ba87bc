import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import { wakeRunner } from './wake';

/** Makes a parked job due now and wakes this process's runner. */
export async function unparkJob(db: Db, jobId: string): Promise<void> {
  await db
    .update(schema.jobs)
    .set({ runAfter: sql`now()` })
    .where(
      and(
        eq(schema.jobs.id, jobId),
        eq(schema.jobs.status, 'QUEUED'),
        isNull(schema.jobs.completedAt),
        isNull(schema.jobs.leaseOwner),
      ),
    );
  wakeRunner();
}
