import { defineRouting } from 'next-intl/routing';

export const routing = defineRouting({
  locales: ['es', 'en'],
  defaultLocale: 'es',
  localePrefix: 'as-needed',
  // Suppliers get a Spanish link; a browser in English must not silently redirect them.
  localeDetection: false,
  // The language is in the path; a cookie would only make every page response uncacheable.
  localeCookie: false,
  alternateLinks: false,
});

export type Locale = (typeof routing.locales)[number];
