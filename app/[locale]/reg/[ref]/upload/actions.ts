'use server';

import { getTranslations } from 'next-intl/server';
import { explainOutcome, MAX_INPUT_BYTES } from '@/lib/arca';
import { getDb } from '@/lib/db';
import type { Locale } from '@/lib/i18n';
import { getLogger } from '@/lib/log';
import { validateCertificate } from '@/lib/registration';
import type { ActionState } from '@/components/forms/action-state';
import { requireStep, withinRateLimit } from '../load';
import { moveTo, type StepMove } from '../move-to';
import { emptyUploads } from '../empty-uploads';
import { readUpload } from '../read-upload';

/** `fileName` names the file sent (the field comes back empty). */
export type UploadState =
  | ActionState<
      { pasted: string; fileName?: string },
      undefined,
      Partial<Record<'file' | 'pasted', string>>
    >
  | StepMove;

export async function uploadCertificate(
  ref: string,
  locale: Locale,
  _prev: UploadState,
  form: FormData,
): Promise<UploadState> {
  const t = await getTranslations({ locale, namespace: 'wizard' });
  const pasted = String(form.get('pasted') ?? '').slice(0, MAX_INPUT_BYTES + 1);
  if (!(await withinRateLimit(ref)))
    return { status: 'error', errors: [t('rateLimited')], values: { pasted } };
  const registration = await requireStep(ref, locale, 'upload');
  const file = await readUpload(form.get('file'));
  const values = { pasted, fileName: file?.name };
  const at = file ? 'file' : 'pasted';
  const empty = emptyUploads({ file }, (name) => t('upload.emptyFile', { name }));
  if (empty) return { status: 'error', ...empty, values };
  const input = file?.bytes ?? (pasted.trim() ? pasted : undefined);
  if (!input)
    return { status: 'error', errors: [t('upload.empty')], fields: { file: 'required' }, values };
  let result;
  try {
    result = await validateCertificate(await getDb(), registration, input);
  } catch (error) {
    getLogger().error({ err: error }, 'wizard: certificate validation failed unexpectedly');
    return { status: 'error', errors: [t('unexpected')], values };
  }
  if (!result.ok)
    return {
      status: 'error',
      errors: result.problems.map((p) => explainOutcome(p, locale)),
      fields: { [at]: result.problems[0]?.code ?? 'invalid' },
      values,
    };
  // A renewal keeps the points of sale already checked: the new certificate is in use, it is done.
  return moveTo(`/reg/${ref}/${registration.renewal ? 'done' : 'points-of-sale'}`, locale);
}
