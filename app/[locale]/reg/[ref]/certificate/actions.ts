'use server';

import { getTranslations } from 'next-intl/server';
import { explainOutcome, type ArcaLocale } from '@/lib/arca';
import { getDb } from '@/lib/db';
import { DomainError } from '@/lib/errors';
import { redirect } from '@/lib/i18n';
import { getLogger } from '@/lib/log';
import { bringOwnCredentials, keepValidatedCredentials, prepareCsr } from '@/lib/registration';
import { loadRegistration, requireStep, withinRateLimit } from '../load';
import { readUpload } from '../read-upload';

export type GenerateState = { error?: string; alias?: string };
export type ByoState = { errors?: string[] };

export async function generateCsr(ref: string, locale: string, _prev: GenerateState, form: FormData): Promise<GenerateState> {
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

export async function uploadOwnCredentials(ref: string, locale: string, _prev: ByoState, form: FormData): Promise<ByoState> {
  const t = await getTranslations({ locale, namespace: 'wizard' });
  if (!(await withinRateLimit(ref))) return { errors: [t('rateLimited')] };
  const registration = await requireStep(ref, locale, 'certificate');
  const certificate = await readUpload(form.get('certificate'));
  const key = await readUpload(form.get('key'));
  // A .p12/.pfx carries both, so one file is enough; the intake says which one is missing otherwise.
  if (!certificate && !key) return { errors: [t('certificate.fileRequired')] };
  const result = await bringOwnCredentials(await getDb(), registration, { certificate, key, password: String(form.get('password') ?? '') });
  if (!result.ok) return { errors: result.problems.map((p) => explainOutcome(p, locale as ArcaLocale)) };
  redirect({ href: `/reg/${ref}/points-of-sale`, locale });
  return {};
}

/** Drops the pending CSR and goes back to the points of sale with the validated certificate. */
export async function keepValidatedCertificate(ref: string, locale: string) {
  const registration = await loadRegistration(ref);
  if (registration.authorizedAt) redirect({ href: `/reg/${ref}/done`, locale });
  const kept = await keepValidatedCredentials(await getDb(), registration);
  redirect({ href: `/reg/${ref}/${kept ? 'points-of-sale' : registration.step}`, locale });
}
