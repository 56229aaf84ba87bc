import 'server-only';
import { and, eq } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import { DomainError } from '@/lib/errors';
import { ENTRY_STATES, type EntryState } from './schemas';

/** Moves an entry to a state and records the change in its history. */
export async function setEntryState(db: Db, ownerId: string, entryId: string, state: string, jobId?: string) {
  if (!(ENTRY_STATES as readonly string[]).includes(state)) {
    throw new DomainError('validation', `Unknown entry state "${state}".`, { state: `must be one of ${ENTRY_STATES.join(', ')}` });
  }
  await db.transaction(async (tx) => {
    const rows = await tx
      .update(schema.entries)
      .set({ state: state as EntryState, updatedAt: new Date() })
      .where(and(eq(schema.entries.id, entryId), eq(schema.entries.ownerId, ownerId)))
      .returning({ id: schema.entries.id });
    if (rows.length === 0) throw new DomainError('not_found', 'Entry not found.');
    await tx.insert(schema.entryStates).values({ entryId, state, jobId });
  });
}
