import 'server-only';
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
 * Generates the supplier's RSA-2048 key (sealed at once) and the CSR for `alias`, kept pending: a
 * validated certificate stays in use until ARCA's certificate for this CSR validates. A repeat with
 * the same alias (double submit, second tab) keeps the pending key and CSR already made.
 */
export async function prepareCsr(db: Db, registration: RegistrationView, aliasInput: string) {
  const checked = validateAlias(aliasInput);
  if (!checked.ok) throw new DomainError('validation', checked.problem, { alias: checked.problem });
  const pending = registration.pendingCsr;
  if (pending?.alias === checked.alias) return { alias: checked.alias, csrPem: pending.csrPem };
  const keys = await generateKeyPair();
  const csrPem = await createCsr({ companyName: registration.company.name, alias: checked.alias, cuit: registration.company.cuit, privateKeyPem: keys.privateKeyPem });
  const keySealed = sealSecret(keys.privateKeyPem, getMasterKeyring(), registration.entryId);
  const values = { alias: checked.alias, csrPem, keySealed, createdAt: new Date() };
  await db
    .insert(schema.registrationPendingCredentials)
    .values({ entryId: registration.entryId, ownerId: registration.ownerId, ...values })
    .onConflictDoUpdate({ target: schema.registrationPendingCredentials.entryId, set: values });
  await updateProgress(db, registration.entryId, 'arca', {}, { startOver: true });
  return { alias: checked.alias, csrPem };
}

