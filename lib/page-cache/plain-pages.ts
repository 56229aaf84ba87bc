import type { ServerResponse } from 'node:http';
import en from '@/messages/en.json';
import es from '@/messages/es.json';

type Locale = 'es' | 'en';
const LANG = { es: 'es-AR', en: 'en' } as const;

// The copy lives with the app's messages; the 404 uses the same words as the app's own 404 page.
const COPY = {
  tooMany: { es: es.plainPages.tooMany, en: en.plainPages.tooMany },
  tooManyInWizard: { es: es.plainPages.tooManyInWizard, en: en.plainPages.tooManyInWizard },
  tooLarge: { es: es.plainPages.tooLarge, en: en.plainPages.tooLarge },
  tooLargeForm: { es: es.plainPages.tooLargeForm, en: en.plainPages.tooLargeForm },
  foreignOrigin: { es: es.plainPages.foreignOrigin, en: en.plainPages.foreignOrigin },
  badRequest: { es: es.plainPages.badRequest, en: en.plainPages.badRequest },
  unavailable: { es: es.plainPages.unavailable, en: en.plainPages.unavailable },
  busy: { es: es.plainPages.busy, en: en.plainPages.busy },
  notFound: {
    es: { title: es.notFound.title, body: es.notFound.body, back: es.notFound.home },
    en: { title: en.notFound.title, body: en.notFound.body, back: en.notFound.home },
  },
} as const;

export type PlainPage = keyof typeof COPY;

/**
 * A page answered before Next renders anything (too many views, a body over the limit, a malformed link, the database unreachable,
 * the instance too busy to take the request): plain
 * HTML with no script, in the supplier's language, with a link back to where they were.
 */
/** The language of a plain page for a path: English under /en, Spanish otherwise. */
export function plainPageLocale(path: string): 'es' | 'en' {
  return path === '/en' || path.startsWith('/en/') ? 'en' : 'es';
}

export function sendPlainPage(
  res: ServerResponse,
  status: number,
  kind: PlainPage,
  locale: Locale,
  backHref: string,
  headers: Record<string, string> = {},
) {
  const copy = COPY[kind][locale];
  const href = backHref.replace(/[^A-Za-z0-9/_\-.]/g, '');
  const body = `<!doctype html><html lang="${LANG[locale]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><link rel="icon" href="/icon.svg"><title>${copy.title}</title></head><body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem; color: #0f172a; background: #f8fafc"><main><h1>${copy.title}</h1><p>${copy.body}</p><p><a href="${href}" style="color: #1d4ed8">${copy.back}</a></p></main></body></html>`;
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    'Content-Security-Policy':
      "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; frame-ancestors 'none'",
    'Referrer-Policy': 'no-referrer',
    'X-Robots-Tag': 'noindex, nofollow',
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  });
  res.end(body);
}
