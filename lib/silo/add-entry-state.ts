import 'server-only';
import { and, eq } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import { DomainError } from '@/lib/errors';
import { entryStateBody } from './entry-state-body';
import { getEntry } from './get-entry';
import { toEntryState, type EntryState } from './list-entry-states';

/**
 * Records a client's state (Invopop's POST/PUT …/states) in the entry's history, by whom (`src`,
 * `srcId`) and when (`at`, now by default); the entry's own `state` does not move. The same key at
 * the same time again answers the state already recorded. Undefined when this workspace has no such entry.
 */
export async function addEntryState(
  db: Db,
  ownerId: string,
  entryId: string,
  input: { body: unknown; src: string; srcId: string; at?: Date },
): Promise<EntryState | undefined> {
  const parsed = entryStateBody.safeParse(input.body);
  if (!parsed.success)
    throw new DomainError({
      kind: 'invalid',
      code: 'invalid_entry_state',
      detail: 'The state has invalid fields.',
      fields: Object.fromEntries(
        parsed.error.issues.map((i) => [i.path.join('.') || 'body', i.message]),
      ),
    });
  if (!(await getEntry(db, ownerId, entryId))) return undefined;
  const { key, notes, meta } = parsed.data;
  if (input.at) {
    const [same] = await db
      .select()
      .from(schema.entryStates)
      .where(
        and(
          eq(schema.entryStates.entryId, entryId),
          eq(schema.entryStates.state, key),
          eq(schema.entryStates.createdAt, input.at),
        ),
      );
    if (same) return toEntryState(same);
  }
  const [row] = await db
    .insert(schema.entryStates)
    .values({
      entryId,
      state: key,
      src: input.src,
      srcId: input.srcId,
      notes: notes ?? null,
      meta: meta ?? null,
      ...(input.at ? { createdAt: input.at } : {}),
    })
    .returning();
  return toEntryState(row!);
}
