import 'server-only';
import { setEntryState, type EntryFault } from '@/lib/silo';
import type { StepHandler } from '../runner/types';

/** What the step says when it keeps a sent invoice sent (the console says it in its language). */
export const SENT_KEPT_MESSAGE = 'state stays sent (a sent invoice never leaves sent)';

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
  if (kept) return { status: 'OK', message: SENT_KEPT_MESSAGE };
  return { status: 'OK', message: changed ? `state → ${state}` : `state already ${state}` };
};
