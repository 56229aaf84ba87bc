const COPY = {
  es: {
    lang: 'es-AR',
    title: 'Demasiadas visitas seguidas',
    body: 'Abriste esta página muchas veces en poco tiempo. Esperá un minuto y volvé a intentar: tu avance está guardado.',
  },
  en: {
    lang: 'en',
    title: 'Too many visits in a row',
    body: 'This page was opened many times in a short while. Wait a minute and try again: your progress is saved.',
  },
};

/** The page a supplier sees when their link or address made too many page views this minute. */
export function tooManyRequestsHtml(locale: 'es' | 'en'): string {
  const copy = COPY[locale];
  return `<!doctype html><html lang="${copy.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>${copy.title}</title></head><body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem; color: #0f172a; background: #f8fafc"><main><h1>${copy.title}</h1><p>${copy.body}</p></main></body></html>`;
}
