import 'server-only';
import { sql } from 'drizzle-orm';
import { queryRows, type Db, type schema } from '@/lib/db';

type EntryRow = typeof schema.entries.$inferSelect;
type NewEntry = Pick<EntryRow, 'id' | 'ownerId' | 'docSchema' | 'envSchema' | 'data' | 'requestHash'> & { key?: string; folder?: string };

/**
 * Inserts an entry and its first state (`empty`) in one statement, so atomically and in one round
 * trip; undefined when the id or the workspace's key is already taken.
 */
export async function insertEntry(db: Db, entry: NewEntry): Promise<EntryRow | undefined> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`with inserted as (
          insert into silo_entries (id, owner_id, key, folder, doc_schema, env_schema, data, request_hash)
          values (${entry.id}, ${entry.ownerId}, ${entry.key ?? null}, ${entry.folder ?? null}, ${entry.docSchema}, ${entry.envSchema}, ${JSON.stringify(entry.data)}::jsonb, ${entry.requestHash})
          on conflict do nothing
          returning *),
        state as (insert into silo_entry_states (entry_id, state) select id, 'empty' from inserted)
        select * from inserted`,
  );
  if (!row) return undefined;
  return {
    id: String(row.id),
    seq: Number(row.seq),
    ownerId: String(row.owner_id),
    key: (row.key as string | null) ?? null,
    folder: (row.folder as string | null) ?? null,
    state: String(row.state),
    docSchema: String(row.doc_schema),
    envSchema: (row.env_schema as string | null) ?? null,
    data: row.data,
    faults: row.faults,
    requestHash: String(row.request_hash),
    createdAt: new Date(row.created_at as string | Date),
    updatedAt: new Date(row.updated_at as string | Date),
  };
}
