import 'server-only';
import { normalizeCuit } from '@/lib/arca';
import { runStatement, statement, type Db } from '@/lib/db';
import { partyOf } from '@/lib/silo';
import { openPrivateKey } from './access-ticket';
import type { Regime } from './steps';
import type { Supplier } from './supplier';

/** A registered supplier as invoicing needs it: who, where, its regime and its ARCA credentials. */
export interface InvoicingSupplierView extends Supplier {
  /** As the wizard collected it; null when the registration was completed without one. */
  regime: Regime | null;
  credentials: { certificatePem: string; privateKeyPem: string };
}

// The most recently authorised registration of the workspace whose party holds the CUIT (hyphens and
// spaces ignored), with its validated credentials and the workspace's environment.
const supplierByCuit = statement(
  'registration_supplier_by_cuit',
  `select e.id as entry_id, e.owner_id, e.data, w.environment, r.progress, c.certificate_pem, c.key_sealed
   from silo_entries e
   join workspaces w on w.id = e.owner_id
   join registrations r on r.entry_id = e.id
   join registration_credentials c on c.entry_id = e.id
   where e.owner_id = $1
     and regexp_replace(coalesce(e.data->'tax_id'->>'code', e.data->'doc'->'tax_id'->>'code', ''), '[^0-9]', '', 'g') = $2
     and r.authorized_at is not null and c.validated_at is not null and c.certificate_pem is not null
   order by r.authorized_at desc
   limit 1`,
);

/**
 * The workspace's registered supplier with this CUIT (registration completed, certificate
 * validated), or undefined. The private key is opened here: callers use it for one ARCA call and
 * never store or return it.
 */
export async function supplierForInvoicing(
  db: Db,
  ownerId: string,
  cuit: string,
): Promise<InvoicingSupplierView | undefined> {
  const [row] = await runStatement(db, supplierByCuit, [ownerId, normalizeCuit(cuit)]);
  if (!row) return undefined;
  const entryId = String(row.entry_id);
  const progress = row.progress as { regime?: Regime };
  const party = partyOf(row.data as Record<string, unknown>);
  return {
    entryId,
    ownerId: String(row.owner_id),
    environment: row.environment as Supplier['environment'],
    company: { name: party.name, cuit: normalizeCuit(party.cuit) },
    regime: progress.regime ?? null,
    credentials: {
      certificatePem: String(row.certificate_pem),
      privateKeyPem: openPrivateKey({ entryId }, String(row.key_sealed)),
    },
  };
}
