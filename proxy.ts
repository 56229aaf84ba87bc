import createMiddleware from 'next-intl/middleware';
import { NextRequest } from 'next/server';
import { getEnv } from '@/lib/config';
import { routing } from '@/lib/i18n';
import { contentSecurityPolicy, pageSecurityHeaders } from '@/lib/security';

const intl = createMiddleware(routing);

export default function proxy(request: NextRequest) {
  const env = getEnv();
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
  const csp = contentSecurityPolicy(nonce, {
    dev: env.appEnv === 'development',
    production: env.production,
  });
  // Next reads the nonce from the request's CSP header and puts it on its own scripts.
  const headers = new Headers(request.headers);
  headers.set('x-nonce', nonce);
  headers.set('Content-Security-Policy', csp);
  const response = intl(new NextRequest(request, { headers }));
  for (const [name, value] of Object.entries(
    pageSecurityHeaders(request.nextUrl.pathname, csp, env.production),
  )) {
    response.headers.set(name, value);
  }
  return response;
}

export const config = {
  // The JSON API never passes through here (server.ts also routes it before Next).
  matcher: ['/((?!utils|silo|transform|openapi\\.json|simulator|_next|_vercel|.*\\..*).*)'],
};
