import 'server-only';
import type { Keyring } from './keyring';
import { SealError } from './open-secret';
import { resealSecret } from './reseal-secret';
import { SEAL_PREFIX } from './seal-secret';

/** What one pass over a table did: values re-sealed, and values no key of the keyring opens. */
export interface ResealCount {
  resealed: number;
  unreadable: number;
}

export interface SealedRow {
  id: string;
  sealed: string;
  /** Exactly what the owning domain seals the value with. */
  associatedData: string;
}

/** Matches values sealed under the current key (`LIKE` pattern): a pass selects the others. */
export const currentSealPattern = (keyring: Keyring) => `${SEAL_PREFIX}.${keyring.current}.%`;

/**
 * Re-seals, batch by batch in id order, every value a domain's `nextBatch` returns (those not under
 * the current key, ids after `after`). `replace` writes the new value only where the old one is
 * still there, so a value written meanwhile is never overwritten. A value that opens with no key of
 * the keyring is counted and left as it is.
 */
export async function resealRows(
  keyring: Keyring,
  batchSize: number,
  nextBatch: (after: string | undefined, limit: number) => Promise<SealedRow[]>,
  replace: (row: SealedRow, resealed: string) => Promise<boolean>,
): Promise<ResealCount> {
  const count: ResealCount = { resealed: 0, unreadable: 0 };
  let after: string | undefined;
  for (;;) {
    const rows = await nextBatch(after, batchSize);
    for (const row of rows) {
      let resealed: string;
      try {
        resealed = resealSecret(row.sealed, keyring, row.associatedData);
      } catch (error) {
        if (!(error instanceof SealError)) throw error;
        count.unreadable++;
        continue;
      }
      if (resealed !== row.sealed && (await replace(row, resealed))) count.resealed++;
    }
    if (rows.length < batchSize) return count;
    after = rows[rows.length - 1]!.id;
  }
}
