import { redirect, localeParams } from '@/lib/i18n';
import { linkStep } from '@/lib/registration';
import { loadRegistration } from './load';

type Props = { params: Promise<{ locale: string; ref: string }> };

/**
 * The link itself: continue where the supplier left off. A browser opening it is answered before
 * Next (lib/page-cache/redirect-bare-link.ts); this serves what that leaves to Next (a router request).
 */
export default async function RegistrationEntry({ params }: Props) {
  const { ref, locale } = await localeParams(params);
  const registration = await loadRegistration(ref);
  redirect({
    href: `/reg/${ref}/${linkStep(registration)}`,
    locale,
  });
}
