import 'server-only';
import { eq } from 'drizzle-orm';
import { normalizeCuit } from '@/lib/arca';
import { schema, type Db } from '@/lib/db';
import { openPrivateKey } from './access-ticket';
import { findRegisteredSupplier, type RegisteredSupplier } from './find-registered-supplier';

/** A registered supplier with what sending to ARCA needs: its certificate and opened private key. */
export interface InvoicingSupplierView extends RegisteredSupplier {
  credentials: { certificatePem: string; privateKeyPem: string };
}

/**
 * The workspace's registered supplier with this CUIT (findRegisteredSupplier) and its validated
 * credentials, or undefined. The private key is opened here: callers use it for ARCA's calls and
 * never store or return it.
 */
export async function supplierForInvoicing(
  db: Db,
  ownerId: string,
  cuit: string,
): Promise<InvoicingSupplierView | undefined> {
  const supplier = await findRegisteredSupplier(db, ownerId, normalizeCuit(cuit));
  if (!supplier) return undefined;
  const [row] = await db
    .select({
      certificatePem: schema.registrationCredentials.certificatePem,
      keySealed: schema.registrationCredentials.keySealed,
    })
    .from(schema.registrationCredentials)
    .where(eq(schema.registrationCredentials.entryId, supplier.entryId));
  if (!row?.certificatePem) return undefined;
  return {
    ...supplier,
    company: { ...supplier.company, cuit: normalizeCuit(supplier.company.cuit) },
    credentials: {
      certificatePem: row.certificatePem,
      privateKeyPem: openPrivateKey(supplier, row.keySealed),
    },
  };
}
