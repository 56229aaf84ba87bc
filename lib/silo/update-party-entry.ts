import 'server-only';
import type { Db } from '@/lib/db';
import { DomainError } from '@/lib/errors';
import { entryChanged } from './entry-changed';
import { ENTRY_STATES } from './schemas';
import { readEntryUpdate } from './read-entry-update';
import { updateEntry } from './update-entry';
import type { Entry } from './entry';

/**
 * Updates a supplier's party entry: only its folder. Its party is the registration's (the CUIT its
 * certificate names, the link the supplier holds), so it never changes, as a PUT never changes it.
 */
export async function updatePartyEntry(
  db: Db,
  ownerId: string,
  entry: Entry,
  body: unknown,
): Promise<Entry> {
  const { folder, patch } = readEntryUpdate(body);
  if (patch)
    throw new DomainError({
      kind: 'conflict',
      code: 'party_not_editable',
      detail:
        "A supplier's party is not changed once stored (its CUIT is its ARCA registration's): only `folder` can be updated. Create a new entry for another party.",
    });
  if (folder === undefined || folder === entry.folder) return entry;
  const moved = await updateEntry(db, ownerId, entry.id, {
    fromStates: ENTRY_STATES,
    readData: entry.data,
    folder,
  });
  if (!moved) throw entryChanged();
  return moved;
}
