import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, isRegistrationPath, pageSecurityHeaders } from '@/lib/security';

describe('security headers', () => {
  it('builds a nonce-based CSP that forbids framing and inline scripts', () => {
    const csp = contentSecurityPolicy('abc', { dev: false, production: true });
    expect(csp).toContain(`script-src 'self' 'nonce-abc' 'strict-dynamic'`);
    expect(csp).toContain(`frame-ancestors 'none'`);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain('upgrade-insecure-requests');
  });

  it('allows eval only in development', () => {
    expect(contentSecurityPolicy('n', { dev: true, production: false })).toContain(`'unsafe-eval'`);
  });

  it('recognises registration paths in both locales', () => {
    expect(isRegistrationPath('/reg/abc')).toBe(true);
    expect(isRegistrationPath('/en/reg/abc/upload')).toBe(true);
    expect(isRegistrationPath('/register')).toBe(false);
    expect(isRegistrationPath('/console')).toBe(false);
  });

  it('keeps registration links out of referrers and search engines', () => {
    const headers = pageSecurityHeaders('/reg/abc', 'csp', false);
    // same-origin: no Referer leaves the site, and the browser still sends a real Origin on form posts.
    expect(headers['Referrer-Policy']).toBe('same-origin');
    expect(headers['X-Robots-Tag']).toBe('noindex, nofollow');
    expect(headers['Strict-Transport-Security']).toBeUndefined();
  });

  it('sends HSTS only in production', () => {
    const headers = pageSecurityHeaders('/', 'csp', true);
    expect(headers['Strict-Transport-Security']).toMatch(/max-age=\d+/);
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['X-Robots-Tag']).toBeUndefined();
  });
});
