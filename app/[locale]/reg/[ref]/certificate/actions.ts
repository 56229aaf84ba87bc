'use server';

import { getTranslations } from 'next-intl/server';
import { explainOutcome, validateAlias } from '@/lib/arca';
import { getDb } from '@/lib/db';
import type { Locale } from '@/lib/i18n';
import { getLogger } from '@/lib/log';
import { bringOwnCredentials, keepValidatedCredentials, prepareCsr } from '@/lib/registration';
import type { ActionState } from '@/components/forms/action-state';
import { loadRegistration, requireStep, withinRateLimit } from '../load';
import { moveTo, type StepMove } from '../move-to';
import { emptyUploads } from '../empty-uploads';
import { readUpload } from '../read-upload';

export type GenerateState = ActionState<{ alias: string }> | StepMove;
export type ByoField = 'certificate' | 'key' | 'password';
/** The names of the files sent come back (file fields come back empty). */
export type ByoState =
  | ActionState<
      { certificateName?: string; keyName?: string },
      undefined,
      Partial<Record<ByoField, string>>
    >
  | StepMove;

export async function generateCsr(
  ref: string,
  locale: Locale,
  _prev: GenerateState,
  form: FormData,
): Promise<GenerateState> {
  const t = await getTranslations({ locale, namespace: 'wizard' });
  const alias = String(form.get('alias') ?? '').trim();
  const values = { alias };
  if (!(await withinRateLimit(ref))) return { status: 'error', errors: [t('rateLimited')], values };
  const registration = await requireStep(ref, locale, 'certificate');
  const checked = validateAlias(alias);
  if (!checked.ok)
    return {
      status: 'error',
      errors: [t(`certificate.alias.${checked.problem}`)],
      fields: { alias: checked.problem },
      values,
    };
  try {
    await prepareCsr(await getDb(), registration, alias);
  } catch (error) {
    getLogger().error({ err: error }, 'wizard: CSR generation failed');
    return { status: 'error', errors: [t('unexpected')], values };
  }
  return moveTo(`/reg/${ref}/certificate?csr=ready`, locale);
}

export async function uploadOwnCredentials(
  ref: string,
  locale: Locale,
  _prev: ByoState,
  form: FormData,
): Promise<ByoState> {
  const t = await getTranslations({ locale, namespace: 'wizard' });
  if (!(await withinRateLimit(ref)))
    return { status: 'error', errors: [t('rateLimited')], values: {} };
  const registration = await requireStep(ref, locale, 'certificate');
  const certificate = await readUpload(form.get('certificate'));
  const key = await readUpload(form.get('key'));
  const values = { certificateName: certificate?.name, keyName: key?.name };
  // A .p12/.pfx carries both, so one file is enough; the intake says which one is missing otherwise.
  if (!certificate && !key)
    return {
      status: 'error',
      errors: [t('certificate.fileRequired')],
      fields: { certificate: 'required', key: 'required' },
      values,
    };
  const empty = emptyUploads({ certificate, key }, (name) => t('upload.emptyFile', { name }));
  if (empty) return { status: 'error', ...empty, values };
  const password = String(form.get('password') ?? '');
  const result = await bringOwnCredentials(await getDb(), registration, {
    certificate: certificate?.bytes,
    key: key?.bytes,
    password,
  });
  if (!result.ok)
    return {
      status: 'error',
      errors: result.problems.map((p) => explainOutcome(p, locale)),
      fields: fieldsAt(result.problems.map((p) => p.code)),
      values,
    };
  return moveTo(`/reg/${ref}/${registration.renewal ? 'done' : 'points-of-sale'}`, locale);
}

/** Drops the pending CSR and goes back to the points of sale with the validated certificate. */
export async function keepValidatedCertificate(ref: string, locale: Locale) {
  const registration = await loadRegistration(ref);
  if (registration.authorizedAt) return moveTo(`/reg/${ref}/done`, locale);
  const kept = await keepValidatedCredentials(await getDb(), registration.entryId);
  return moveTo(`/reg/${ref}/${kept ? 'points-of-sale' : registration.step}`, locale);
}

/** The field each bring-your-own problem is about: the key (or its password), the certificate, or both when they do not match. */
function fieldsAt(codes: string[]): Partial<Record<ByoField, string>> {
  const fields: Partial<Record<ByoField, string>> = {};
  for (const code of codes) {
    const at: ByoField[] =
      code === 'key_mismatch'
        ? ['certificate', 'key']
        : code.startsWith('key_password_')
          ? ['password']
          : code.startsWith('key_') && code !== 'key_size_small'
            ? ['key']
            : ['certificate'];
    for (const field of at) fields[field] ??= code;
  }
  return fields;
}
