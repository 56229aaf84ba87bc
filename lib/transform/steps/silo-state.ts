import 'server-only';
import { setEntryState, type EntryFault } from '@/lib/silo';
import type { StepHandler } from '../runner/types';

/**
 * Sets the entry's state; the same state again adds no history row. `error` (the rescue) hands the
 * entry the job's faults, as Invopop does.
 */
export const siloState: StepHandler = async ({ db, job, step }) => {
  const state = String(step.config?.state ?? '');
  const { changed, kept } = await setEntryState(db, job.ownerId, job.siloEntryId, state, {
    jobId: job.id,
    faults: job.faults as EntryFault[],
  });
  if (kept) return { status: 'OK', message: `state stays sent (a sent invoice never leaves sent)` };
  return { status: 'OK', message: changed ? `state → ${state}` : `state already ${state}` };
};
