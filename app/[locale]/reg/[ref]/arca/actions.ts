'use server';

import { getDb } from '@/lib/db';
import type { Locale } from '@/lib/i18n';
import { updateProgress } from '@/lib/registration';
import { requireStep } from '../load';
import { moveTo } from '../move-to';

/** The supplier says ARCA gave them the certificate: the upload step opens. */
export async function continueToUpload(ref: string, locale: Locale) {
  const registration = await requireStep(ref, locale, 'arca');
  await updateProgress(await getDb(), registration.entryId, 'upload');
  return moveTo(`/reg/${ref}/upload`, locale);
}
