import 'server-only';
import type { Db } from '@/lib/db';
import { schemaMismatch } from '../schema-mismatch';
import { recordOutcome } from './record-outcome';
import type { JobRow } from './types';

// Stands for the step that never ran: the job's one intent says why it stopped.
const GUARD_STEP = {
  id: 'schema',
  name: 'Workflow schema',
  provider: 'silo.state' as const,
};

/**
 * Ends a job KO, without running a step or the rescue, when its workflow is not for its entry's
 * document (the invoice workflow on a supplier, the registration workflow on an invoice): nothing
 * about the entry changes. True when it did.
 */
export async function refuseMismatchedEntry(
  db: Db,
  job: JobRow,
  owner: string,
  leaseMs: number,
  template: string | null,
  /** The entry's document schema as the claim read it (null: the entry is gone). */
  docSchema: string | null,
): Promise<boolean> {
  if (!template) return false;
  const mismatch = docSchema !== null ? schemaMismatch(template, docSchema) : undefined;
  if (!mismatch) return false;
  const now = new Date();
  await recordOutcome(db, {
    job,
    owner,
    leaseMs,
    step: GUARD_STEP,
    at: { phase: 'steps', index: 0 },
    startedAt: now,
    outcome: {
      status: 'KO',
      provider: 'transform',
      code: 'workflow_schema_mismatch',
      message: `The workflow processes ${mismatch.workflow} documents; the entry holds ${mismatch.entry}: nothing was run.`,
    },
    previousEvents: [],
    hasRescue: false,
    stepCount: 0,
    rescueCount: 0,
  });
  return true;
}
