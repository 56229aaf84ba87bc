import { redirect, localeParams } from '@/lib/i18n';
import { loadRegistration } from './load';

type Props = { params: Promise<{ locale: string; ref: string }> };

/** The link itself: continue where the supplier left off. */
export default async function RegistrationEntry({ params }: Props) {
  const { ref, locale } = await localeParams(params);
  const registration = await loadRegistration(ref);
  redirect({
    href: `/reg/${ref}/${registration.authorizedAt && !registration.renewal ? 'done' : registration.step}`,
    locale,
  });
}
