import { notFound } from 'next/navigation';
import { hasLocale } from 'next-intl';
import { routing, type Locale } from './routing';

/** A route's params with its [locale] segment as a Locale; the proxy only routes known ones, anything else is a plain 404. */
export async function localeParams<Params extends { locale: string }>(
  params: Promise<Params>,
): Promise<Omit<Params, 'locale'> & { locale: Locale }> {
  const resolved = await params;
  if (!hasLocale(routing.locales, resolved.locale)) notFound();
  return { ...resolved, locale: resolved.locale };
}
