'use server';

import { getDb } from '@/lib/db';
import { DomainError } from '@/lib/errors';
import type { Locale } from '@/lib/i18n';
import { completeRegistration } from '@/lib/registration';
import { requireStep } from '../load';
import { moveTo } from '../move-to';

/**
 * Wakes the waiting job. Twice (double submit, two tabs) completes it once: the second finds it done.
 * Refused when no validated certificate is stored: the page says so.
 */
export async function finishRegistration(ref: string, locale: Locale) {
  const registration = await requireStep(ref, locale, 'points-of-sale');
  try {
    await completeRegistration(await getDb(), registration.entryId);
  } catch (error) {
    if (!(error instanceof DomainError && error.code === 'no_validated_certificate')) throw error;
    return moveTo(`/reg/${ref}/points-of-sale?finish=no-certificate`, locale);
  }
  return moveTo(`/reg/${ref}/done`, locale);
}
