'use server';

import { getTranslations } from 'next-intl/server';
import { explainOutcome } from '@/lib/arca';
import { getDb } from '@/lib/db';
import { DomainError } from '@/lib/errors';
import { redirect, type Locale } from '@/lib/i18n';
import { getLogger } from '@/lib/log';
import { bringOwnCredentials, keepValidatedCredentials, prepareCsr } from '@/lib/registration';
import { loadRegistration, requireStep, withinRateLimit } from '../load';
import { readUpload } from '../read-upload';

export type GenerateState = { error?: string; alias?: string };
const BYO_FILES = ['certificate', 'key'] as const;
export type ByoField = (typeof BYO_FILES)[number] | 'password';
/** `invalid` are the fields the errors are about; the names are of the files sent (file fields come back empty). */
export type ByoState = { errors?: string[]; invalid?: ByoField[]; certificateName?: string; keyName?: string };

export async function generateCsr(ref: string, locale: Locale, _prev: GenerateState, form: FormData): Promise<GenerateState> {
  const t = await getTranslations({ locale, namespace: 'wizard' });
  const alias = String(form.get('alias') ?? '').trim();
  if (!(await withinRateLimit(ref))) return { error: t('rateLimited'), alias };
  const registration = await requireStep(ref, locale, 'certificate');
  try {
    await prepareCsr(await getDb(), registration, alias);
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'validation') return { error: t(`certificate.alias.${error.message}` as 'certificate.alias.alias_empty'), alias };
    getLogger().error({ err: error }, 'wizard: CSR generation failed');
    return { error: t('unexpected'), alias };
  }
  redirect({ href: `/reg/${ref}/certificate?csr=ready`, locale });
  return { alias };
}

export async function uploadOwnCredentials(ref: string, locale: Locale, _prev: ByoState, form: FormData): Promise<ByoState> {
  const t = await getTranslations({ locale, namespace: 'wizard' });
  if (!(await withinRateLimit(ref))) return { errors: [t('rateLimited')] };
  const registration = await requireStep(ref, locale, 'certificate');
  const certificate = await readUpload(form.get('certificate'));
  const key = await readUpload(form.get('key'));
  const names = { certificateName: certificate?.name, keyName: key?.name };
  // A .p12/.pfx carries both, so one file is enough; the intake says which one is missing otherwise.
  if (!certificate && !key) return { ...names, invalid: [...BYO_FILES], errors: [t('certificate.fileRequired')] };
  const empty = BYO_FILES.flatMap((field) => {
    const file = { certificate, key }[field];
    return file && file.bytes.length === 0 ? [{ field, name: file.name }] : [];
  });
  if (empty.length) return { ...names, invalid: empty.map((e) => e.field), errors: empty.map((e) => t('upload.emptyFile', { name: e.name })) };
  const password = String(form.get('password') ?? '');
  const result = await bringOwnCredentials(await getDb(), registration, { certificate: certificate?.bytes, key: key?.bytes, password });
  if (!result.ok) return { ...names, invalid: fieldsAt(result.problems.map((p) => p.code)), errors: result.problems.map((p) => explainOutcome(p, locale)) };
  redirect({ href: `/reg/${ref}/points-of-sale`, locale });
  return {};
}

/** Drops the pending CSR and goes back to the points of sale with the validated certificate. */
export async function keepValidatedCertificate(ref: string, locale: Locale) {
  const registration = await loadRegistration(ref);
  if (registration.authorizedAt) redirect({ href: `/reg/${ref}/done`, locale });
  const kept = await keepValidatedCredentials(await getDb(), registration);
  redirect({ href: `/reg/${ref}/${kept ? 'points-of-sale' : registration.step}`, locale });
}

/** The field a bring-your-own problem is about: the key (or its password), the certificate, or both when they do not match. */
function fieldsAt(codes: string[]): ByoField[] {
  const fields = new Set<ByoField>();
  for (const code of codes) {
    if (code === 'key_mismatch') ['certificate', 'key'].forEach((f) => fields.add(f as ByoField));
    else if (code.startsWith('key_password_')) fields.add('password');
    else if (code.startsWith('key_') && code !== 'key_size_small') fields.add('key');
    else fields.add('certificate');
  }
  return [...fields];
}
