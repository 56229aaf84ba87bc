import 'server-only';
import { eq } from 'drizzle-orm';
import { checkCertificate, readCredentials, type ArcaOutcome } from '@/lib/arca';
import { getMasterKeyring, sealSecret } from '@/lib/crypto';
import { schema, type Db } from '@/lib/db';
import type { ArcaEndpoints } from './access-ticket';
import type { Supplier } from './supplier';
import { validateAndActivate, type ValidationResult } from './validate-certificate';

/**
 * A supplier that already has a certificate and its key (two files, or one .p12/.pfx): the key is
 * read (password if encrypted), must match the certificate, is sealed, and then the certificate goes
 * through every check. Nothing is saved unless it passes: validated credentials already stored stay
 * in use.
 */
export async function bringOwnCredentials(
  db: Db,
  supplier: Supplier,
  input: { certificate?: Uint8Array | string; key?: Uint8Array | string; password?: string },
  endpoints?: ArcaEndpoints,
): Promise<ValidationResult> {
  const pending = schema.registrationPendingCredentials;
  // The request on screen when the pair was brought, replaced if the pair validates; one made later stays.
  const [replaced] = await db
    .select({ csrPem: pending.csrPem })
    .from(pending)
    .where(eq(pending.entryId, supplier.entryId));
  const credentials = await readCredentials({ ...input, password: input.password || undefined });
  if (!credentials.ok)
    return { ok: false, problems: [{ code: credentials.code, ok: false }], notices: [] };
  const { key, certificate: read } = credentials;
  const match = checkCertificate(read.certificate, { key: key.key }).checks.find(
    (c) => c.code === 'key_match' || c.code === 'key_mismatch',
  );
  if (match && !match.ok) return { ok: false, problems: [match as ArcaOutcome], notices: [] };
  const keySealed = sealSecret(key.pkcs8Pem, getMasterKeyring(), supplier.entryId);
  const candidate = {
    source: 'byo' as const,
    alias: null,
    csrPem: null,
    keySealed,
    pendingCsrPem: replaced?.csrPem ?? null,
  };
  return validateAndActivate(db, supplier, read.pem, candidate, endpoints);
}
