import 'server-only';
import type { Db } from '@/lib/db';
import { getJob } from './get-job';
import type { Job } from './job';

const MAX_WAIT_SECONDS = 60;

/** The job once it has completed, or as it stands when `seconds` run out. */
export async function waitForJob(
  db: Db,
  ownerId: string,
  id: string,
  seconds: number,
  signal?: AbortSignal,
): Promise<Job | undefined> {
  const deadline = Date.now() + Math.min(seconds, MAX_WAIT_SECONDS) * 1000;
  let job = await getJob(db, ownerId, id);
  let pause = 25;
  while (job && !job.completedAt && Date.now() < deadline && !signal?.aborted) {
    await new Promise((r) => setTimeout(r, Math.min(pause, Math.max(0, deadline - Date.now()))));
    pause = Math.min(pause * 2, 250);
    job = await getJob(db, ownerId, id);
  }
  return job;
}
