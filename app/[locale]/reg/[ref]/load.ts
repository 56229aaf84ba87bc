import 'server-only';
import { cache } from 'react';
import { notFound } from 'next/navigation';
import { getEnv } from '@/lib/config';
import { getDb } from '@/lib/db';
import { redirect, type Locale } from '@/lib/i18n';
import { withinAddressAndRefLimits } from '@/lib/ratelimit';
import {
  canOpenStep,
  getRegistrationByRef,
  type RegistrationView,
  type WizardStep,
} from '@/lib/registration';
import { requestClientAddress } from '@/lib/security';

/** The registration behind a public ref, looked up once per request (metadata, layout and page share it). */
export const findRegistration = cache(async (ref: string) =>
  getRegistrationByRef(await getDb(), ref),
);

/** Like findRegistration, but any unknown ref is the same plain 404. */
export async function loadRegistration(ref: string): Promise<RegistrationView> {
  const registration = await findRegistration(ref);
  if (!registration) notFound();
  return registration;
}

/** Sends the supplier to the furthest step reached when they ask for one they cannot open yet. */
export async function requireStep(
  ref: string,
  locale: Locale,
  step: WizardStep,
): Promise<RegistrationView> {
  const registration = await loadRegistration(ref);
  // A renewal walks the steps again; otherwise a complete registration only shows its done page.
  if (registration.authorizedAt && !registration.renewal && step !== 'done')
    redirect({ href: `/reg/${ref}/done`, locale });
  if (!canOpenStep(registration.step, step))
    redirect({ href: `/reg/${ref}/${registration.step}`, locale });
  return registration;
}

/**
 * Counts one wizard post against its link's budget and its client address's (REG_ACTIONS_PER_MINUTE,
 * REG_ACTIONS_PER_ADDRESS_PER_MINUTE), so neither one link nor a crawler can hammer ARCA through us.
 */
export async function withinRateLimit(ref: string): Promise<boolean> {
  return withinAddressAndRefLimits(
    await getDb(),
    'reg',
    { address: await requestClientAddress(), ref },
    getEnv().regActions,
  );
}
