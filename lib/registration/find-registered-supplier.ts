import 'server-only';
import { runStatement, statement, type Db } from '@/lib/db';
import { partyOf } from '@/lib/silo';
import type { Regime } from './steps';
import type { Supplier } from './supplier';

export interface RegisteredSupplier extends Supplier {
  /** As the wizard collected it; null when the registration was completed without it. */
  regime: Regime | null;
}

// Completed = authorised with a validated certificate stored: what sending to ARCA needs. Every
// invoice sent looks its supplier up here: by silo_entries_owner_party_code_idx (the workspace and
// the party's CUIT), never by reading every entry of the database.
export const registeredSupplierByCuit = statement(
  'registration_registered_supplier_by_cuit',
  `select e.id as entry_id, e.owner_id, e.data, w.environment, r.progress
   from registrations r
   join silo_entries e on e.id = r.entry_id
   join workspaces w on w.id = e.owner_id
   join registration_credentials c on c.entry_id = r.entry_id
   where e.owner_id = $1 and r.owner_id = $1 and r.authorized_at is not null
     and c.validated_at is not null
     and coalesce(e.data->'tax_id'->>'code', e.data->'doc'->'tax_id'->>'code') = $2
   order by r.authorized_at desc
   limit 1`,
);

/**
 * The workspace's supplier with this CUIT (11 digits) whose registration is complete, or undefined
 * when the workspace has none (not a supplier here, or its registration is not finished).
 */
export async function findRegisteredSupplier(
  db: Db,
  ownerId: string,
  cuit: string,
): Promise<RegisteredSupplier | undefined> {
  const [row] = await runStatement(db, registeredSupplierByCuit, [ownerId, cuit]);
  if (!row) return undefined;
  const progress = row.progress as { regime?: Regime };
  return {
    entryId: String(row.entry_id),
    ownerId: String(row.owner_id),
    environment: row.environment as Supplier['environment'],
    company: partyOf(row.data as Record<string, unknown>),
    regime: progress.regime ?? null,
  };
}
