import 'server-only';
import { runStatement, statement, type Db } from '@/lib/db';
import { DomainError } from '@/lib/errors';
import { ENTRY_STATES } from './schemas';

export interface EntryFault {
  provider?: string;
  code?: string;
  message: string;
}

const moveState = statement(
  'silo_set_entry_state',
  `with current as (select id, state, faults from silo_entries where id = $1 and owner_id = $2 for update),
   moved as (
     update silo_entries e set state = $3, faults = $4::jsonb, updated_at = now()
     from current
     where e.id = current.id and (current.state <> $3 or current.faults <> $4::jsonb)
       and (current.state <> 'sent' or $3 = 'sent')
     returning e.id, current.state <> $3 as state_changed),
   added as (insert into silo_entry_states (entry_id, state, job_id) select id, $3, $5::uuid from moved where state_changed returning id)
   select exists (select 1 from current) as found, exists (select 1 from added) as changed,
          (select state from current) as previous`,
);

/**
 * Moves an entry to a state, in one statement. Only a change of state is recorded in the history: a
 * state equal to the current one adds no row (a step re-run after a crash, or a second job on an
 * entry already in that state). As Invopop does, `error` carries the faults that caused it and any
 * other state clears them. A sent invoice stays sent: ARCA authorized it, so no step (a rescue, a
 * second workflow) moves it back; `kept` says a move was refused for that. Returns whether a change
 * of state was recorded.
 */
export async function setEntryState(
  db: Db,
  ownerId: string,
  entryId: string,
  state: string,
  options: { jobId?: string; faults?: EntryFault[] } = {},
): Promise<{ changed: boolean; kept: boolean }> {
  if (!(ENTRY_STATES as readonly string[]).includes(state)) {
    throw new DomainError({
      kind: 'invalid',
      code: 'unknown_entry_state',
      detail: `Unknown entry state "${state}".`,
      fields: { state: `must be one of ${ENTRY_STATES.join(', ')}` },
    });
  }
  const job = options.jobId ?? null;
  const faults = JSON.stringify(state === 'error' ? (options.faults ?? []) : []);
  const [row] = await runStatement<{ found: boolean; changed: boolean; previous: string | null }>(
    db,
    moveState,
    [entryId, ownerId, state, faults, job],
  );
  if (!row?.found)
    throw new DomainError({
      kind: 'not_found',
      code: 'entry_not_found',
      detail: 'Entry not found.',
    });
  return { changed: row.changed, kept: row.previous === 'sent' && state !== 'sent' };
}
