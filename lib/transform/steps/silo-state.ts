import 'server-only';
import { setEntryState } from '@/lib/silo';
import type { StepHandler } from '../runner/types';

/** Sets the entry's state; a re-run of the same job step does not add a second history row. */
export const siloState: StepHandler = async ({ db, job, step }) => {
  const state = String(step.config?.state ?? '');
  const { changed } = await setEntryState(db, job.ownerId, job.siloEntryId, state, job.id);
  return { status: 'OK', message: changed ? `state → ${state}` : `state already ${state}` };
};
