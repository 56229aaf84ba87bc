import 'server-only';
import { runStatement, statement, type Db, type schema } from '@/lib/db';
import { entryFromRow } from './entry-row';

type EntryRow = typeof schema.entries.$inferSelect;
type NewEntry = Pick<
  EntryRow,
  'id' | 'ownerId' | 'docSchema' | 'envSchema' | 'data' | 'requestHash'
> & { key?: string; folder?: string };

// The entry and its first state (`empty`) in one statement, so atomically and in one round trip.
export const insertEntryWithState = statement(
  'silo_insert_entry',
  `with inserted as (
     insert into silo_entries (id, owner_id, key, folder, doc_schema, env_schema, data, request_hash)
     values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8)
     on conflict do nothing
     returning *),
   state as (insert into silo_entry_states (entry_id, state) select id, 'empty' from inserted)
   select * from inserted`,
);

/** Inserts an entry with its first state; undefined when the id or the workspace's key is already taken. */
export async function insertEntry(db: Db, entry: NewEntry): Promise<EntryRow | undefined> {
  const [row] = await runStatement(db, insertEntryWithState, [
    entry.id,
    entry.ownerId,
    entry.key ?? null,
    entry.folder ?? null,
    entry.docSchema,
    entry.envSchema,
    JSON.stringify(entry.data),
    entry.requestHash,
  ]);
  return row ? entryFromRow(row) : undefined;
}
