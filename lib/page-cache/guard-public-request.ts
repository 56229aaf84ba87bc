import type { IncomingMessage, ServerResponse } from 'node:http';
import { addressGroup, LocalRateLimit } from '@/lib/ratelimit';
import { isWellFormedRef } from '@/lib/registration';
import { CLIENT_ADDRESS_HEADER } from '@/lib/security';
import { sendPlainPage } from './plain-pages';

export interface PublicRequestGuardOptions {
  /** Page requests a minute from one client address (an IPv6 /64), whatever the path; spent at most a sixth in any 10 s. */
  requestsPerMinute: number;
  now?: () => number;
}

// Build output and icons: files served as they are, which cost nothing to answer.
const STATIC = /^\/(?:_next\/static\/|favicon\.ico$|icon\.svg$)/;
const REGISTRATION_PATH = /^\/(?:(en|es)\/)?reg(?:\/([^/]*))?(?:\/|$)/;

/**
 * Runs before Next for every page request (wizard, 404s, console sign-in and its action): over the
 * per-address limit it answers 429, and a /reg/<x> whose <x> cannot be a ref answers the plain 404
 * without a database lookup or a render. Returns whether it answered.
 */
export function createPublicRequestGuard(options: PublicRequestGuardOptions) {
  // Counted in 10-second windows (a sixth of the minute's budget each), so one address can never
  // spend a whole minute's budget in one burst.
  const limit = new LocalRateLimit(Math.ceil(options.requestsPerMinute / 6), 10_000);
  const now = options.now ?? Date.now;
  return function guard(req: IncomingMessage, res: ServerResponse, pathname: string): boolean {
    if (STATIC.test(pathname)) return false;
    const locale = pathname === '/en' || pathname.startsWith('/en/') ? 'en' : 'es';
    const { allowed, resetSeconds } = limit.hit(addressGroup(String(req.headers[CLIENT_ADDRESS_HEADER] ?? 'unknown')), now());
    if (!allowed) {
      sendPlainPage(res, 429, 'tooMany', locale, pathname, { 'Retry-After': String(resetSeconds) });
      return true;
    }
    const registration = REGISTRATION_PATH.exec(pathname);
    if (registration && !isWellFormedRef(registration[2] ?? '')) {
      sendPlainPage(res, 404, 'notFound', locale, locale === 'en' ? '/en' : '/');
      return true;
    }
    return false;
  };
}
