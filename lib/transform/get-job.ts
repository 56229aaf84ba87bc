import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import { toJob, type Job } from './job';

export async function getJob(db: Db, ownerId: string, id: string): Promise<Job | undefined> {
  const [row] = await db
    .select()
    .from(schema.jobs)
    .where(and(eq(schema.jobs.id, id), eq(schema.jobs.ownerId, ownerId)));
  if (!row) return undefined;
  const intents = await db
    .select()
    .from(schema.jobIntents)
    .where(eq(schema.jobIntents.jobId, id))
    .orderBy(asc(schema.jobIntents.createdAt));
  return toJob(row, intents);
}

export async function getJobByKey(db: Db, ownerId: string, key: string): Promise<Job | undefined> {
  const [row] = await db
    .select({ id: schema.jobs.id })
    .from(schema.jobs)
    .where(and(eq(schema.jobs.ownerId, ownerId), eq(schema.jobs.key, key)));
  return row ? getJob(db, ownerId, row.id) : undefined;
}
