'use server';

import { getTranslations } from 'next-intl/server';
import { explainOutcome, MAX_INPUT_BYTES } from '@/lib/arca';
import { getDb } from '@/lib/db';
import { redirect, type Locale } from '@/lib/i18n';
import { getLogger } from '@/lib/log';
import { validateCertificate } from '@/lib/registration';
import { requireStep, withinRateLimit } from '../load';
import { readUpload } from '../read-upload';

/** `invalid` is the field the errors are about; `fileName` names the file sent (the field comes back empty). */
export type UploadState = { errors?: string[]; pasted?: string; fileName?: string; invalid?: 'file' | 'pasted' };

export async function uploadCertificate(ref: string, locale: Locale, _prev: UploadState, form: FormData): Promise<UploadState> {
  const t = await getTranslations({ locale, namespace: 'wizard' });
  const pasted = String(form.get('pasted') ?? '').slice(0, MAX_INPUT_BYTES + 1);
  if (!(await withinRateLimit(ref))) return { errors: [t('rateLimited')], pasted };
  const registration = await requireStep(ref, locale, 'upload');
  const file = await readUpload(form.get('file'));
  const answer = { pasted, fileName: file?.name, invalid: file ? ('file' as const) : ('pasted' as const) };
  if (file && file.bytes.length === 0) return { ...answer, errors: [t('upload.emptyFile', { name: file.name })] };
  const input = file?.bytes ?? (pasted.trim() ? pasted : undefined);
  if (!input) return { ...answer, invalid: 'file', errors: [t('upload.empty')] };
  let result;
  try {
    result = await validateCertificate(await getDb(), registration, input);
  } catch (error) {
    getLogger().error({ err: error }, 'wizard: certificate validation failed unexpectedly');
    return { errors: [t('unexpected')], pasted, fileName: file?.name };
  }
  if (!result.ok) return { ...answer, errors: result.problems.map((p) => explainOutcome(p, locale)) };
  redirect({ href: `/reg/${ref}/points-of-sale`, locale });
  return {};
}
