import 'server-only';
import { desc, eq } from 'drizzle-orm';
import { schema } from '@/lib/db';
import { setEntryState } from '@/lib/silo';
import type { StepHandler } from '../runner/types';

/** Sets the entry's state; a re-run of the same job step does not add a second history row. */
export const siloState: StepHandler = async ({ db, job, step }) => {
  const state = String(step.config?.state ?? '');
  const [last] = await db
    .select({ state: schema.entryStates.state, jobId: schema.entryStates.jobId })
    .from(schema.entryStates)
    .where(eq(schema.entryStates.entryId, job.siloEntryId))
    .orderBy(desc(schema.entryStates.id))
    .limit(1);
  if (last?.state === state && last.jobId === job.id) return { status: 'OK', message: `state already ${state}` };
  await setEntryState(db, job.ownerId, job.siloEntryId, state, job.id);
  return { status: 'OK', message: `state → ${state}` };
};
