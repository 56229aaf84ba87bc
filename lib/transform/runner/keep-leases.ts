import 'server-only';
import { runStatement, statement, type Db } from '@/lib/db';
import type { Logger } from 'pino';

// Renewed three times per lease: a renewal late by up to two thirds of it still lands in time.
const RENEWALS_PER_LEASE = 3;

const renew = statement(
  'transform_renew_leases',
  `update transform_jobs set lease_until = now() + make_interval(secs => $2)
   where lease_owner = $1 and id in (select jsonb_array_elements_text($3::jsonb)::uuid)
   returning id`,
);

/**
 * Keeps the leases of the jobs this runner works on fresh, all in one statement every third of a
 * lease: only a runner that stopped (a crash) lets its leases expire. Without it, a step longer
 * than the lease (a webhook delivery, a slow ARCA call, a send waiting for its turn in a burst)
 * would be taken over by another runner and run twice at once. `hold` returns the release.
 */
export function keepLeases(db: Db, owner: string, leaseMs: number, log: Logger) {
  const held = new Set<string>();
  let renewing = false;
  const renewAll = async () => {
    if (renewing || held.size === 0) return;
    renewing = true;
    const ids = [...held];
    try {
      const rows = await runStatement<{ id: unknown }>(db, renew, [
        owner,
        leaseMs / 1000,
        JSON.stringify(ids),
      ]);
      // Lost (another runner took it over) or released (the job moved on without a lease): nothing to hold.
      const kept = new Set(rows.map((row) => String(row.id)));
      for (const id of ids) if (!kept.has(id)) held.delete(id);
    } catch (error) {
      log.warn({ err: error, jobs: ids.length }, 'runner: lease renewal failed; retrying');
    } finally {
      renewing = false;
    }
  };
  const timer = setInterval(() => void renewAll(), leaseMs / RENEWALS_PER_LEASE);
  // The jobs themselves keep the process alive while they run; an idle runner's poll does otherwise.
  timer.unref();
  return {
    hold(jobId: string): () => void {
      held.add(jobId);
      return () => held.delete(jobId);
    },
    stop: () => clearInterval(timer),
  };
}
