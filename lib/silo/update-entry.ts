import 'server-only';
import { runStatement, statement, type Db } from '@/lib/db';
import { getEntry } from './get-entry';
import type { Entry } from './entry';

type Json = Record<string, unknown>;

export interface EntryUpdate {
  /** The entry is changed only while in one of these states… */
  fromStates: readonly string[];
  /** …and while its data is what the caller read (jsonb equality): a concurrent change wins. */
  readData: Json;
  data?: Json;
  /** The hash a repeated create (PUT) of the new contents compares against. */
  requestHash?: string;
  folder?: string;
  /** The state it is left in, recorded in its history when it changes; its faults are cleared. */
  state?: string;
}

// One statement: the check, the change and the history row happen together or not at all.
const update = statement(
  'silo_update_entry',
  `with current as (
     select id, state from silo_entries
     where id = $1 and owner_id = $2 and state = any(string_to_array($3, ',')) and data = $4::jsonb
     for update),
   updated as (
     update silo_entries e set data = coalesce($5::jsonb, e.data),
       request_hash = coalesce($6::text, e.request_hash), folder = coalesce($7::text, e.folder),
       state = coalesce($8::text, e.state),
       faults = case when $8::text is null then e.faults else '[]'::jsonb end, updated_at = now()
     from current where e.id = current.id
     returning e.id, e.state, current.state as previous_state),
   added as (
     insert into silo_entry_states (entry_id, state)
     select id, state from updated where state <> previous_state)
   select id from updated`,
);

/**
 * Changes an entry's data, folder or state in place, keeping its id, key and state history; undefined
 * when it is no longer in an allowed state or its data changed since it was read.
 */
export async function updateEntry(
  db: Db,
  ownerId: string,
  id: string,
  change: EntryUpdate,
): Promise<Entry | undefined> {
  const [row] = await runStatement(db, update, [
    id,
    ownerId,
    change.fromStates.join(','),
    JSON.stringify(change.readData),
    change.data === undefined ? null : JSON.stringify(change.data),
    change.requestHash ?? null,
    change.folder ?? null,
    change.state ?? null,
  ]);
  return row ? getEntry(db, ownerId, id) : undefined;
}
