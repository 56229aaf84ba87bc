import type messages from '@/messages/es.json';
import type { routing } from './routing';

// next-intl's documented augmentation: tsc checks every message key, namespace and locale.
declare module 'next-intl' {
  interface AppConfig {
    Locale: (typeof routing.locales)[number];
    Messages: typeof messages;
  }
}
