import 'server-only';
import { runStatement, statement, type Db } from '@/lib/db';
import type { NewMetaRecord } from './add-meta-record';

/** One entry's stamping, written only while the entry holds exactly `readData`. */
export interface UnchangedStamping {
  ownerId: string;
  entryId: string;
  readData: Record<string, unknown>;
  data: Record<string, unknown>;
  meta?: Omit<NewMetaRecord, 'ownerId' | 'entryId'>;
}

// Each entry is updated only while its data is what its caller read (jsonb equality), and its meta
// record only with it: the writes of stampEnvelope's transaction, atomically, for many entries in
// one round trip.
const stampMany = statement(
  'silo_stamp_envelopes_unchanged',
  `with w as (
     select * from jsonb_to_recordset($1::jsonb) as w(entry_id uuid, owner_id uuid, read_data jsonb,
       data jsonb, src text, key text, ref text, link_url text, link_scope text, value jsonb,
       indexed boolean, shared boolean)
   ), stamped as (
     update silo_entries e set data = w.data, updated_at = now()
     from w where e.id = w.entry_id and e.owner_id = w.owner_id and e.data = w.read_data
     returning e.id, e.owner_id
   ), meta as (
     insert into silo_meta (owner_id, entry_id, src, key, ref, link_url, link_scope, value, indexed, shared)
     select s.owner_id, s.id, w.src, w.key, w.ref, w.link_url, w.link_scope, w.value,
       coalesce(w.indexed, false), coalesce(w.shared, false)
     from stamped s join w on w.entry_id = s.id where w.src is not null
     on conflict (entry_id, src, key) do update set value = excluded.value, updated_at = now()
   )
   select id from stamped`,
);

interface Waiting {
  stamping: UnchangedStamping;
  done(stamped: boolean): void;
  failed(error: unknown): void;
}
const queues = new WeakMap<Db, { waiting: Waiting[]; writing: boolean }>();

/**
 * Writes a stamping while the entry is unchanged; false when it changed (the caller then takes the
 * locking path). Stampings asked for while one statement is on its way go together in the next
 * (a burst's approvals: one round trip for many, none waiting longer than a statement). One entry
 * goes at most once per statement; a statement that fails is tried again one entry at a time, so
 * one entry's error is only its own.
 */
export function stampUnchangedTogether(db: Db, stamping: UnchangedStamping): Promise<boolean> {
  let queue = queues.get(db);
  if (!queue) queues.set(db, (queue = { waiting: [], writing: false }));
  const q = queue;
  return new Promise<boolean>((done, failed) => {
    q.waiting.push({ stamping, done, failed });
    if (!q.writing) void writeAll(db, q);
  });
}

async function writeAll(db: Db, q: { waiting: Waiting[]; writing: boolean }): Promise<void> {
  q.writing = true;
  try {
    while (q.waiting.length) {
      const entries = new Set<string>();
      const group: Waiting[] = [];
      const later: Waiting[] = [];
      for (const w of q.waiting) {
        if (entries.has(w.stamping.entryId)) later.push(w);
        else {
          entries.add(w.stamping.entryId);
          group.push(w);
        }
      }
      q.waiting = later;
      try {
        const stamped = await write(db, group);
        for (const w of group) w.done(stamped.has(w.stamping.entryId));
      } catch (error) {
        if (group.length === 1) group[0]!.failed(error);
        else
          for (const w of group)
            await write(db, [w]).then(
              (stamped) => w.done(stamped.has(w.stamping.entryId)),
              (alone: unknown) => w.failed(alone),
            );
      }
    }
  } finally {
    q.writing = false;
  }
}

async function write(db: Db, group: Waiting[]): Promise<Set<string>> {
  const rows = await runStatement<{ id: unknown }>(db, stampMany, [
    JSON.stringify(
      group.map(({ stamping: s }) => ({
        entry_id: s.entryId,
        owner_id: s.ownerId,
        read_data: s.readData,
        data: s.data,
        src: s.meta?.src ?? null,
        key: s.meta?.key ?? null,
        ref: s.meta?.ref ?? null,
        link_url: s.meta?.linkUrl ?? null,
        link_scope: s.meta?.linkScope ?? null,
        value: s.meta?.value ?? null,
        indexed: s.meta?.indexed ?? false,
        shared: s.meta?.shared ?? false,
      })),
    ),
  ]);
  return new Set(rows.map((row) => String(row.id)));
}
