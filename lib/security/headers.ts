// Security headers for pages. Pure so the proxy and the tests share one definition.

export function contentSecurityPolicy(
  nonce: string,
  options: { dev: boolean; production: boolean },
): string {
  const directives = [
    `default-src 'self'`,
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${options.dev ? ` 'unsafe-eval'` : ''}`,
    `style-src 'self' 'nonce-${nonce}'`,
    `img-src 'self' data: blob:`,
    `font-src 'self'`,
    `connect-src 'self'${options.dev ? ' ws:' : ''}`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
    ...(options.production ? ['upgrade-insecure-requests'] : []),
  ];
  return directives.join('; ');
}

/**
 * Registration links carry a credential in the path: they must not leak or be indexed.
 * `same-origin`, not `no-referrer`: under `no-referrer` Chromium posts forms with `Origin: null`,
 * which the server-action origin check refuses, so no form would work before JavaScript loads.
 */
export function isRegistrationPath(pathname: string): boolean {
  return /^\/(?:[a-z]{2}\/)?reg(?:\/|$)/.test(pathname);
}

export function pageSecurityHeaders(
  pathname: string,
  csp: string,
  production: boolean,
): Record<string, string> {
  const registration = isRegistrationPath(pathname);
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': registration ? 'same-origin' : 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
    ...(registration ? { 'X-Robots-Tag': 'noindex, nofollow' } : {}),
    ...(production ? { 'Strict-Transport-Security': 'max-age=63072000; includeSubDomains' } : {}),
  };
}
