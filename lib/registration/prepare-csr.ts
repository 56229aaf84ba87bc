import 'server-only';
import { eq } from 'drizzle-orm';
import { createCsr, deriveAlias, generateKeyPair, validateAlias } from '@/lib/arca';
import { getMasterKeyring, sealSecret } from '@/lib/crypto';
import { schema, type Db } from '@/lib/db';
import { DomainError } from '@/lib/errors';
import type { RegistrationView } from './get-registration';
import { updateProgress } from './update-progress';

export function suggestedAlias(registration: Pick<RegistrationView, 'company'>): string {
  return deriveAlias(registration.company.name);
}

/**
 * Generates the supplier's RSA-2048 key (sealed at once) and the CSR for `alias`. A repeat with
 * the same alias (double submit, second tab) keeps the key and CSR already made.
 */
export async function prepareCsr(db: Db, registration: RegistrationView, aliasInput: string) {
  const checked = validateAlias(aliasInput);
  if (!checked.ok) throw new DomainError('validation', checked.problem, { alias: checked.problem });
  const existing = registration.credentials;
  if (existing?.source === 'generated' && existing.alias === checked.alias && existing.csrPem && !existing.validatedAt) {
    return { alias: checked.alias, csrPem: existing.csrPem };
  }
  const keys = await generateKeyPair();
  const csrPem = await createCsr({ companyName: registration.company.name, alias: checked.alias, cuit: registration.company.cuit, privateKeyPem: keys.privateKeyPem });
  const keySealed = sealSecret(keys.privateKeyPem, getMasterKeyring(), registration.entryId);
  const values = { source: 'generated' as const, alias: checked.alias, csrPem, keySealed, certificatePem: null, certificateNotAfter: null, lastChecks: null, validatedAt: null, updatedAt: new Date() };
  await db
    .insert(schema.registrationCredentials)
    .values({ entryId: registration.entryId, ownerId: registration.ownerId, ...values })
    .onConflictDoUpdate({ target: schema.registrationCredentials.entryId, set: values });
  await updateProgress(db, registration.entryId, 'arca', { certificate: null });
  return { alias: checked.alias, csrPem };
}

export async function getCsrPem(db: Db, entryId: string): Promise<string | undefined> {
  const [row] = await db.select({ csr: schema.registrationCredentials.csrPem }).from(schema.registrationCredentials).where(eq(schema.registrationCredentials.entryId, entryId));
  return row?.csr ?? undefined;
}
