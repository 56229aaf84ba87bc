'use server';

import { getDb } from '@/lib/db';
import { redirect } from '@/lib/i18n';
import { completeRegistration } from '@/lib/registration';
import { requireStep } from '../load';

/** Wakes the waiting job. Twice (double submit, two tabs) completes it once: the second finds it done. */
export async function finishRegistration(ref: string, locale: string) {
  const registration = await requireStep(ref, locale, 'points-of-sale');
  await completeRegistration(await getDb(), registration.entryId);
  redirect({ href: `/reg/${ref}/done`, locale });
}
