import { defineRouting } from 'next-intl/routing';

export const routing = defineRouting({
  locales: ['es', 'en'],
  defaultLocale: 'es',
  localePrefix: 'as-needed',
  // Suppliers get a Spanish link; a browser in English must not silently redirect them.
  localeDetection: false,
  alternateLinks: false,
});

export type Locale = (typeof routing.locales)[number];
