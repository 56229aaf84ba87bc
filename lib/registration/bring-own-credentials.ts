import 'server-only';
import { checkCertificate, readCredentials, type ArcaOutcome } from '@/lib/arca';
import { getMasterKeyring, sealSecret } from '@/lib/crypto';
import type { Db } from '@/lib/db';
import type { RegistrationView } from './get-registration';
import { validateAndActivate, type ArcaEndpoints, type ValidationResult } from './validate-certificate';

/**
 * A supplier that already has a certificate and its key (two files, or one .p12/.pfx): the key is
 * read (password if encrypted), must match the certificate, is sealed, and then the certificate goes
 * through every check. Nothing is saved unless it passes: validated credentials already stored stay
 * in use.
 */
export async function bringOwnCredentials(
  db: Db,
  registration: RegistrationView,
  input: { certificate?: Uint8Array | string; key?: Uint8Array | string; password?: string },
  endpoints?: ArcaEndpoints,
): Promise<ValidationResult> {
  const credentials = await readCredentials({ ...input, password: input.password || undefined });
  if (!credentials.ok) return { ok: false, problems: [{ code: credentials.code, ok: false }], notices: [] };
  const { key, certificate: read } = credentials;
  const match = checkCertificate(read.certificate, { key: key.key }).checks.find((c) => c.code === 'key_match' || c.code === 'key_mismatch');
  if (match && !match.ok) return { ok: false, problems: [match as ArcaOutcome], notices: [] };
  const keySealed = sealSecret(key.pkcs8Pem, getMasterKeyring(), registration.entryId);
  return validateAndActivate(db, registration, read.pem, { source: 'byo', alias: null, csrPem: null, keySealed }, endpoints);
}
