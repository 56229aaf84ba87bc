import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { NextIntlClientProvider } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { CertificateExpiry } from '@/components/console/certificate-expiry';
import { certificateExpiry } from '@/lib/registration';
import en from '@/messages/en.json';
import es from '@/messages/es.json';

const DAY = 86_400_000;
const now = new Date('2026-11-26T12:00:00Z');
const inDays = (days: number) => new Date(now.getTime() + days * DAY);

function rendered(locale: 'es' | 'en', days: number) {
  const html = renderToStaticMarkup(
    // eslint-disable-next-line react/no-children-prop -- a .ts test has no JSX, and the provider's props type requires children
    createElement(NextIntlClientProvider, {
      locale,
      timeZone: 'America/Argentina/Buenos_Aires',
      messages: locale === 'es' ? es : en,
      children: createElement(CertificateExpiry, { notAfter: inDays(days), now }),
    }),
  );
  const match = /data-expiry="(\w+)">([^<]*)</.exec(html);
  return [match?.[1], match?.[2]];
}

describe('certificate expiry in the console', () => {
  it.each([
    [31, 'valid', 'Vence en 31 días', 'Expires in 31 days'],
    [30, 'expiring', 'Vence en 30 días', 'Expires in 30 days'],
    [7, 'expiring', 'Vence en 7 días', 'Expires in 7 days'],
    [1, 'expiring', 'Vence en 1 día', 'Expires in 1 day'],
    [0.5, 'expiring', 'Vence en menos de un día', 'Expires in less than a day'],
    [0, 'expired', 'Venció hace menos de un día', 'Expired less than a day ago'],
    [-3, 'expired', 'Venció hace 3 días', 'Expired 3 days ago'],
  ])('%s days left: %s, "%s" / "%s"', (days, status, spanish, english) => {
    expect(rendered('es', days)).toEqual([status, spanish]);
    expect(rendered('en', days)).toEqual([status, english]);
  });

  it('counts whole days, rounded down, either side of the expiry', () => {
    expect(certificateExpiry(inDays(30 + 0.9), now)).toEqual({ status: 'valid', days: 30 });
    expect(certificateExpiry(inDays(29.9), now)).toEqual({ status: 'expiring', days: 29 });
    expect(certificateExpiry(inDays(-1.5), now)).toEqual({ status: 'expired', days: 1 });
  });
});
