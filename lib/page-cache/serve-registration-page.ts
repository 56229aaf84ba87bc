import 'server-only';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isDatabaseUnavailable, type Db } from '@/lib/db';
import { withinAddressAndRefLimits } from '@/lib/ratelimit';
import { getRegistrationVersion } from '@/lib/registration';
import { CLIENT_ADDRESS_HEADER } from '@/lib/security';
import {
  isCacheableRequest,
  isPlainDocumentGet,
  matchRegistrationPage,
  type RegistrationPage,
} from './match-registration-page';
import { redirectBareLink } from './redirect-bare-link';
import { copyNextPage, replayNextPage } from './next-page-copy';
import { PageStore } from './page-store';
import { refuseGarbledAction } from './refuse-garbled-action';
import { refuseUnfitPost } from './refuse-unfit-post';
import { sendPlainPage } from './plain-pages';

interface RegistrationPageOptions {
  getDb: () => Promise<Db>;
  /** Page views per minute for one link; one client address gets five times as many (offices share one). */
  viewsPerMinutePerRef: number;
  /** Production pages carry HSTS; so does the link's redirect answered here. */
  production?: boolean;
  store?: PageStore;
  now?: () => number;
}

// A page is reused while nothing it shows has changed, for at most this long; points of sale come
// from ARCA, not from our database, so that page is asked again sooner (its "Refresh" always asks).
const MAX_AGE_MS = 10 * 60_000;
const ARCA_PAGE_MAX_AGE_MS = 30_000;

/**
 * Serves /reg/<ref>/… pages in front of Next: limits page views per link and per client address,
 * redirects the link itself to the step reached without a render (redirectBareLink), and answers a step again from its last rendering while the registration's version is unchanged,
 * with a fresh CSP nonce. Every page post is checked first (refuseUnfitPost, then a script's action
 * arguments: refuseGarbledAction); any other request goes
 * to `render` untouched.
 */
export function createRegistrationPageServer(options: RegistrationPageOptions) {
  const store = options.store ?? new PageStore();
  const now = options.now ?? Date.now;
  return async function serve(
    req: IncomingMessage,
    res: ServerResponse,
    render: () => void,
  ): Promise<void> {
    const url = req.url ?? '/';
    const path = url.split('?', 1)[0]!;
    // Next answers these posts with a bare 500; without JavaScript that is all a user would see.
    if (refuseUnfitPost(req, res, path) || (await refuseGarbledAction(req, res, path))) return;
    const page =
      req.method === 'GET' || req.method === 'HEAD' ? matchRegistrationPage(path) : undefined;
    if (!page) return render();
    try {
      await serveFromCache(req, res, render, url, path, page);
    } catch (error) {
      // A restart of PostgreSQL: the supplier is told to retry in a moment, not shown a crash.
      if (!isDatabaseUnavailable(error) || res.headersSent) throw error;
      sendPlainPage(res, 503, 'unavailable', page.locale, path, { 'Retry-After': '5' });
    }
  };

  async function serveFromCache(
    req: IncomingMessage,
    res: ServerResponse,
    render: () => void,
    url: string,
    path: string,
    page: RegistrationPage,
  ) {
    const db = await options.getDb();
    if (!(await withinLimits(db, req, page, options.viewsPerMinutePerRef)))
      return sendPlainPage(res, 429, 'tooManyInWizard', page.locale, path, { 'Retry-After': '60' });
    if (
      page.step === undefined &&
      isPlainDocumentGet(req.method, url, req.headers) &&
      (await redirectBareLink(db, res, path, page, options.production ?? false))
    )
      return;
    if (!isCacheableRequest(req.method, url, req.headers, page)) return render();
    const version = await getRegistrationVersion(db, page.ref);
    // Unknown refs go to Next's plain 404 page, never into the cache.
    if (!version) return render();
    const acceptsGzip = /\bgzip\b/i.test(String(req.headers['accept-encoding'] ?? ''));
    const stored = store.get(url, version, now());
    if (stored) return replayNextPage(res, stored, acceptsGzip);
    const expiresAt = now() + (page.step === 'points-of-sale' ? ARCA_PAGE_MAX_AGE_MS : MAX_AGE_MS);
    // The version is read before Next reads the registration, so a page can only be newer than its version says.
    copyNextPage(req, res, (copy) => store.set(url, { ...copy, version, expiresAt }));
    res.setHeader('X-Page-Cache', 'miss');
    render();
  }
}

function withinLimits(
  db: Db,
  req: IncomingMessage,
  page: RegistrationPage,
  perRef: number,
): Promise<boolean> {
  const address = String(req.headers[CLIENT_ADDRESS_HEADER] ?? 'unknown');
  return withinAddressAndRefLimits(
    db,
    'reg-view',
    { address, ref: page.ref },
    { address: perRef * 5, ref: perRef },
  );
}
