import 'server-only';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/lib/db';
import { DomainError } from '@/lib/errors';
import { ENTRY_STATES } from './schemas';

/**
 * Moves an entry to a state and records the change in its history, in one statement. With a job id
 * it is idempotent for that job: when the job's own last change was this state, nothing is added
 * (a step re-run after a crash). Returns whether a change was recorded.
 */
export async function setEntryState(db: Db, ownerId: string, entryId: string, state: string, jobId?: string): Promise<{ changed: boolean }> {
  if (!(ENTRY_STATES as readonly string[]).includes(state)) {
    throw new DomainError('validation', `Unknown entry state "${state}".`, { state: `must be one of ${ENTRY_STATES.join(', ')}` });
  }
  const job = jobId ?? null;
  const [row] = await queryRows<{ found: boolean; changed: boolean }>(
    db,
    sql`with last as (select state, job_id from silo_entry_states where entry_id = ${entryId} order by id desc limit 1),
        moved as (
          update silo_entries set state = ${state}, updated_at = now()
          where id = ${entryId} and owner_id = ${ownerId}
            and not (${job}::uuid is not null and exists (select 1 from last where last.state = ${state} and last.job_id = ${job}::uuid))
          returning id),
        added as (insert into silo_entry_states (entry_id, state, job_id) select id, ${state}, ${job}::uuid from moved returning id)
        select exists (select 1 from silo_entries where id = ${entryId} and owner_id = ${ownerId}) as found, exists (select 1 from added) as changed`,
  );
  if (!row?.found) throw new DomainError('not_found', 'Entry not found.');
  return { changed: row.changed };
}
