import type { IncomingMessage, ServerResponse } from 'node:http';
import { problem } from '@/lib/api/problem';
import { LocalRateLimit } from '@/lib/ratelimit';
import { isWellFormedRef } from '@/lib/registration';
import { CLIENT_ADDRESS_HEADER, isRegistrationPath } from '@/lib/security';
import { wasRecentlyValid } from '@/lib/workspaces';
import { plainPageLocale, sendPlainPage } from './plain-pages';

interface PublicRequestGuardOptions {
  /** Unauthenticated requests a minute from one client address (an IPv6 /64), whatever the path; spent at most a sixth in any 10 s. */
  requestsPerMinute: number;
  now?: () => number;
}

// Build output and icons: files served as they are, which cost nothing to answer.
const STATIC = /^\/(?:_next\/static\/|favicon\.ico$|icon\.svg$)/;
const REGISTRATION_PATH = /^\/(?:(en|es)\/)?reg(?:\/([^/]*))?(?:\/|$)/;
const SIMULATOR_PATH = /^\/simulator\//;

/**
 * The per-address limit every unauthenticated request meets before any other work, one count per
 * client address (acceptClientAddress's key):
 * - `page` runs before Next for every page request (wizard, 404s, console sign-in and its action):
 *   over the limit it answers 429, and a /reg/<x> whose <x> cannot be a ref answers the plain 404
 *   without a database lookup or a render.
 * - `api` runs before the JSON API: the simulator (no key) counts every request against the same
 *   count as pages; elsewhere a request whose key is refused (401) is counted in a count of its own,
 *   and an address over it is answered 429 before its key is looked up, so made-up keys cannot make
 *   the database work. Pages never use up that count, and a key this instance found valid lately
 *   passes even when others at its address (a shared NAT) used it up: valid keys have their own limit.
 * Each returns whether it answered.
 */
export function createPublicRequestGuard(options: PublicRequestGuardOptions) {
  // Counted in 10-second windows (a sixth of the minute's budget each), so one address can never
  // spend a whole minute's budget in one burst.
  const limit = new LocalRateLimit(Math.ceil(options.requestsPerMinute / 6), 10_000);
  const refusedKeys = new LocalRateLimit(Math.ceil(options.requestsPerMinute / 6), 10_000);
  const now = options.now ?? Date.now;
  const clientKey = (req: IncomingMessage) =>
    String(req.headers[CLIENT_ADDRESS_HEADER] ?? 'unknown');

  return {
    page(req: IncomingMessage, res: ServerResponse, pathname: string): boolean {
      if (STATIC.test(pathname)) return false;
      const locale = plainPageLocale(pathname);
      const { allowed, resetSeconds } = limit.hit(clientKey(req), now());
      if (!allowed) {
        // Only the wizard keeps a supplier's progress; elsewhere there is none to promise.
        sendPlainPage(
          res,
          429,
          isRegistrationPath(pathname) ? 'tooManyInWizard' : 'tooMany',
          locale,
          pathname,
          { 'Retry-After': String(resetSeconds) },
        );
        return true;
      }
      const registration = REGISTRATION_PATH.exec(pathname);
      if (registration && !isWellFormedRef(registration[2] ?? '')) {
        sendPlainPage(res, 404, 'notFound', locale, locale === 'en' ? '/en' : '/');
        return true;
      }
      return false;
    },

    api(req: IncomingMessage, res: ServerResponse, pathname: string): boolean {
      const key = clientKey(req);
      const simulator = SIMULATOR_PATH.test(pathname);
      if (!simulator && isRecentlyValidKey(req.headers.authorization)) {
        res.once('finish', () => res.statusCode === 401 && refusedKeys.hit(key, now()));
        return false;
      }
      const { allowed, resetSeconds } = simulator
        ? limit.hit(key, now())
        : refusedKeys.peek(key, now());
      if (!allowed) {
        const body = JSON.stringify(
          problem(429, `Too many requests from your address. Try again in ${resetSeconds} s.`),
        );
        res
          .writeHead(429, {
            'Content-Type': 'application/problem+json',
            'Cache-Control': 'no-store',
            'Retry-After': String(resetSeconds),
            'Content-Length': Buffer.byteLength(body),
          })
          .end(body);
        return true;
      }
      if (!simulator)
        res.once('finish', () => res.statusCode === 401 && refusedKeys.hit(key, now()));
      return false;
    },
  };
}

function isRecentlyValidKey(authorization: string | undefined): boolean {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  return token !== undefined && wasRecentlyValid(token);
}
