import { existsSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { NextIntlClientProvider } from 'next-intl';
import { describe, expect, it, vi } from 'vitest';
import en from '@/messages/en.json';
import es from '@/messages/es.json';

vi.mock('next/navigation', () => ({ useRouter: () => ({ refresh: () => undefined }) }));

const BOUNDARIES = ['app/[locale]/console/error.tsx', 'app/[locale]/console/(signed-in)/error.tsx'];

function rendered(file: string, locale: 'es' | 'en', digest?: string) {
  return import(`@/${file}`).then(({ default: Boundary }) =>
    renderToStaticMarkup(
      // eslint-disable-next-line react/no-children-prop -- a .ts test has no JSX, and the provider's props type requires children
      createElement(NextIntlClientProvider, {
        locale,
        timeZone: 'America/Argentina/Buenos_Aires',
        messages: locale === 'es' ? es : en,
        children: createElement(Boundary, {
          error: Object.assign(new Error('boom'), digest ? { digest } : {}),
          reset: () => undefined,
        }),
      }),
    ),
  );
}

describe('the console’s error boundaries', () => {
  it.each(BOUNDARIES)('%s exists where Next looks for it', (file) => {
    expect(existsSync(file)).toBe(true);
  });

  it.each(BOUNDARIES)(
    '%s says what happened in both languages, offers a retry and the reference',
    async (file) => {
      const spanish = await rendered(file, 'es', '1234567890');
      expect(spanish).toContain('Algo falló de nuestro lado');
      expect(spanish).toContain('Probar de nuevo');
      expect(spanish).toContain('Código de referencia:');
      expect(spanish).toContain('1234567890');
      expect(spanish).not.toContain('boom');
      const english = await rendered(file, 'en');
      expect(english).toContain('Something went wrong on our side');
      expect(english).toContain('Try again');
      expect(english).not.toContain('Reference code');
    },
  );
});
