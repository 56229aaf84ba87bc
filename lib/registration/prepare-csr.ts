import 'server-only';
import { eq } from 'drizzle-orm';
import { createCsr, deriveAlias, takeRsaKeyPair, validateAlias } from '@/lib/arca';
import { getMasterKeyring, sealSecret } from '@/lib/crypto';
import { schema, type Db } from '@/lib/db';
import { DomainError } from '@/lib/errors';
import type { Supplier } from './supplier';
import { updateProgress } from './update-progress';

/**
 * The alias the wizard proposes: from the company name; for a renewal with the year added, so the
 * new certificate gets its own alias (and its own WSAA login) instead of the current one's.
 */
export function suggestedAlias(
  supplier: Pick<Supplier, 'company'> & {
    renewal?: unknown;
    credentials?: { alias: string | null } | null;
  },
  now = new Date(),
): string {
  const alias = deriveAlias(supplier.company.name);
  if (!supplier.renewal) return alias;
  const renewed = deriveAlias(supplier.company.name, String(now.getFullYear()));
  return renewed === supplier.credentials?.alias ? deriveAlias(renewed, 'b') : renewed;
}

/**
 * Takes the supplier's RSA-2048 key (one made ahead when the process keeps a pool, else made now;
 * sealed at once) and makes the CSR for `alias`, kept pending: a
 * validated certificate stays in use until ARCA's certificate for this CSR validates. A repeat with
 * the same alias (double submit, second tab) keeps the pending key and CSR already made.
 */
export async function prepareCsr(db: Db, supplier: Supplier, aliasInput: string) {
  const checked = validateAlias(aliasInput);
  if (!checked.ok)
    throw new DomainError({
      kind: 'invalid',
      code: checked.problem,
      detail: `The alias is not valid (${checked.problem}).`,
      messageKey: `wizard.certificate.alias.${checked.problem}`,
      fields: { alias: checked.problem },
    });
  const pendingCredentials = schema.registrationPendingCredentials;
  const [pending] = await db
    .select({ alias: pendingCredentials.alias, csrPem: pendingCredentials.csrPem })
    .from(pendingCredentials)
    .where(eq(pendingCredentials.entryId, supplier.entryId));
  if (pending?.alias === checked.alias) return { alias: checked.alias, csrPem: pending.csrPem };
  const keys = await takeRsaKeyPair();
  const csrPem = await createCsr({
    companyName: supplier.company.name,
    alias: checked.alias,
    cuit: supplier.company.cuit,
    privateKeyPem: keys.privateKeyPem,
  });
  const keySealed = sealSecret(keys.privateKeyPem, getMasterKeyring(), supplier.entryId);
  const values = { alias: checked.alias, csrPem, keySealed, createdAt: new Date() };
  await db
    .insert(schema.registrationPendingCredentials)
    .values({ entryId: supplier.entryId, ownerId: supplier.ownerId, ...values })
    .onConflictDoUpdate({ target: schema.registrationPendingCredentials.entryId, set: values });
  await updateProgress(db, supplier.entryId, 'arca', {}, { startOver: true });
  return { alias: checked.alias, csrPem };
}
