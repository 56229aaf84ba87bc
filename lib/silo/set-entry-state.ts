import 'server-only';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/lib/db';
import { DomainError } from '@/lib/errors';
import { ENTRY_STATES } from './schemas';

/** Moves an entry to a state and records the change in its history (one statement: both or neither). */
export async function setEntryState(db: Db, ownerId: string, entryId: string, state: string, jobId?: string) {
  if (!(ENTRY_STATES as readonly string[]).includes(state)) {
    throw new DomainError('validation', `Unknown entry state "${state}".`, { state: `must be one of ${ENTRY_STATES.join(', ')}` });
  }
  const rows = await queryRows<{ id: string }>(
    db,
    sql`with moved as (update silo_entries set state = ${state}, updated_at = now() where id = ${entryId} and owner_id = ${ownerId} returning id)
        insert into silo_entry_states (entry_id, state, job_id) select id, ${state}, ${jobId ?? null}::uuid from moved returning id`,
  );
  if (rows.length === 0) throw new DomainError('not_found', 'Entry not found.');
}
