import 'server-only';
import { resealArcaTickets } from '@/lib/arca';
import { getEnv } from '@/lib/config';
import { getMasterKeyring } from '@/lib/crypto';
import type { Db } from '@/lib/db';
import { resealDemoCredentials } from '@/lib/demo';
import { DomainError } from '@/lib/errors';
import { resealRegistrationKeys } from '@/lib/registration';
import { resealSigningKeys } from '@/lib/signing';
import { resealWebhookSecrets } from '@/lib/transform';

/**
 * Every sealed secret still under an older master key, re-sealed under the current one by the
 * domain that owns it; the counts are per table (and the demo's file). Run again, it re-seals
 * nothing. A secret no configured key opens fails the command: keep the previous key until it is
 * understood.
 */
export async function resealMasterKey(db: Db, batchSize: number): Promise<Record<string, unknown>> {
  const keyring = getMasterKeyring();
  const registration = await resealRegistrationKeys(db, keyring, batchSize);
  const counts = {
    registration_credentials: registration.credentials,
    registration_pending_credentials: registration.pendingCredentials,
    transform_workflows: await resealWebhookSecrets(db, keyring, batchSize),
    arca_tickets: await resealArcaTickets(db, keyring),
    signing_keys: await resealSigningKeys(db, keyring, batchSize),
    demo_credentials: resealDemoCredentials(keyring, getEnv().dataDir),
  };
  const unreadable = Object.entries(counts).filter(([, c]) => c.unreadable > 0);
  if (unreadable.length > 0)
    throw new DomainError({
      kind: 'precondition',
      code: 'sealed_secrets_unreadable',
      detail: `Some sealed secrets open with no configured master key (versions ${Object.keys(keyring.keys).join(', ')}): list the key that sealed them in MASTER_KEY_PREVIOUS. Everything else was re-sealed.`,
      fields: Object.fromEntries(
        unreadable.map(([table, c]) => [table, `${c.unreadable} unreadable`]),
      ),
    });
  return {
    key_version: keyring.current,
    ...Object.fromEntries(Object.entries(counts).map(([table, c]) => [table, c.resealed])),
  };
}
