import { v5 as uuidv5 } from 'uuid';
import type { Db } from '@/lib/db';
import { createJob, wakeRunner } from '@/lib/transform';
import { createByDocument } from '../../silo/v1/create-by-document';

// The namespace of the entries jobs with `data` create (UUID v5: the same job names the same entry).
const JOB_ENTRY_NAMESPACE = '2f0b7f3e-5c1a-4e7b-9d1e-6a3c8b4d2e10';

type JobRequestBody = { data?: Record<string, unknown>; silo_entry_id?: string; key?: string };

/**
 * A job as Invopop's POST/PUT /jobs take it: on an entry (`silo_entry_id`), or on a document
 * (`data`) stored first exactly as POST /silo/v1/entries stores it, in the job's transaction so a
 * refused job leaves no entry behind. A repeated request (same job id, or same key) names the same
 * entry, so it answers the original job instead of storing the document twice.
 */
export async function createJobFromRequest(
  db: Db,
  ownerId: string,
  request: { id?: string; body: JobRequestBody },
) {
  const { data, ...rest } = request.body;
  if (data === undefined) return createJob(db, ownerId, request);
  const name = request.id
    ? `job:${request.id.toLowerCase()}`
    : rest.key
      ? `job-key:${ownerId}:${rest.key}`
      : undefined;
  const created = await db.transaction(async (tx) => {
    const { entry } = await createByDocument(tx, ownerId, {
      ...(name ? { id: uuidv5(name, JOB_ENTRY_NAMESPACE) } : {}),
      body: { data },
    });
    return createJob(tx, ownerId, { id: request.id, body: { ...rest, silo_entry_id: entry.id } });
  });
  // createJob's own wake-up came before the commit: the runner may have looked too early.
  wakeRunner();
  return created;
}
