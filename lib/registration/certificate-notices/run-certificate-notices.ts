import 'server-only';
import type { Db } from '@/lib/db';
import { findDueNotices } from './find-due-notices';
import { sendNotice } from './send-notice';

const BATCH = 200;

/** One pass: sends every notice due at `now` (each once, whatever other schedulers run). */
export async function runCertificateNotices(
  db: Db,
  now = new Date(),
): Promise<{ notices: number; jobs: number }> {
  let notices = 0;
  let jobs = 0;
  for (;;) {
    const due = await findDueNotices(db, now, BATCH);
    for (const notice of due) {
      const queued = await sendNotice(db, notice, now);
      if (queued === undefined) continue;
      notices += 1;
      jobs += queued;
    }
    // Every row of a batch now has its notice (here or by another scheduler): the next batch is new.
    if (due.length < BATCH) return { notices, jobs };
  }
}
