import 'server-only';
import { validateCuit } from '@/lib/arca';
import type { Db } from '@/lib/db';
import { findRegisteredSupplier, type Regime } from '@/lib/registration';
import type { Entry } from '@/lib/silo';
import { docText, invoiceDocOf } from './invoice-envelope';

/** The IVA regime of each registered supplier of these invoices, by CUIT (11 digits): one look-up per supplier. */
export async function supplierRegimes(
  db: Db,
  ownerId: string,
  entries: Entry[],
): Promise<Map<string, Regime>> {
  const cuits = new Set<string>();
  for (const entry of entries) {
    const checked = validateCuit(docText(invoiceDocOf(entry), 'supplier', 'tax_id', 'code') ?? '');
    if (checked.ok) cuits.add(checked.cuit);
  }
  const regimes = new Map<string, Regime>();
  await Promise.all(
    [...cuits].map(async (cuit) => {
      const supplier = await findRegisteredSupplier(db, ownerId, cuit);
      if (supplier?.regime) regimes.set(cuit, supplier.regime);
    }),
  );
  return regimes;
}
