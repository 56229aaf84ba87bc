import 'server-only';
import { runStatement, statement, type Db } from '@/lib/db';

// In batches, so a large backlog never holds one long delete. The outer condition is checked again
// on a row another transaction renewed while this one waited for it (PostgreSQL re-reads a locked
// row's new version; the subquery's list stays as it was), so a live counter is never deleted.
const BATCH = 5_000;
const deleteExpired = statement(
  'ratelimit_prune',
  `delete from rate_limits where bucket in (select bucket from rate_limits where expires_at < $1 limit ${BATCH}) and expires_at < $1 returning bucket`,
);

/** Deletes the counters of windows that ended before `now` (every bucket starts afresh next window anyway); returns how many. */
export async function pruneRateLimits(db: Db, now = new Date()): Promise<number> {
  let deleted = 0;
  for (;;) {
    const rows = await runStatement(db, deleteExpired, [now.toISOString()]);
    deleted += rows.length;
    if (rows.length < BATCH) return deleted;
  }
}

/**
 * Prunes on a timer for as long as the app runs (every instance may: deleting is idempotent). A
 * bucket per client address and per link would otherwise stay in the table forever.
 */
export function startRateLimitPruning(
  getDb: () => Promise<Db>,
  onError: (error: unknown) => void,
  everyMs = 10 * 60_000,
) {
  let running: Promise<unknown> = Promise.resolve();
  const prune = () => {
    running = running.then(async () => pruneRateLimits(await getDb())).catch(onError);
  };
  const first = setTimeout(prune, Math.min(everyMs, 60_000)).unref();
  const timer = setInterval(prune, everyMs).unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
