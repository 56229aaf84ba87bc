import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { Db } from '@/lib/db';
import { MAX_ACTION_BODY_BYTES } from '@/lib/limits';
import { hitRateLimit } from '@/lib/ratelimit';
import { getRegistrationVersion } from '@/lib/registration';
import { CLIENT_ADDRESS_HEADER } from '@/lib/security';
import { captureResponse, type CapturedResponse } from './capture-response';
import { isCacheableRequest, matchRegistrationPage, type RegistrationPage } from './match-registration-page';
import { PageStore, type StoredPage } from './page-store';
import { sendPlainPage } from './plain-pages';

interface RegistrationPageOptions {
  getDb: () => Promise<Db>;
  /** Page views per minute for one link; one client address gets five times as many (offices share one). */
  viewsPerMinutePerRef: number;
  store?: PageStore;
  now?: () => number;
}

// A page is reused while nothing it shows has changed, for at most this long; points of sale come
// from ARCA, not from our database, so that page is asked again sooner (its "Refresh" always asks).
const MAX_AGE_MS = 10 * 60_000;
const ARCA_PAGE_MAX_AGE_MS = 30_000;
// Per-response values that must not be replayed.
const NOT_STORED = new Set(['content-length', 'transfer-encoding', 'date', 'connection', 'keep-alive']);

/**
 * Serves /reg/<ref>/… pages in front of Next: limits page views per link and per client address,
 * and answers a step again from its last rendering while the registration's version is unchanged,
 * with a fresh CSP nonce. Any other request goes to `render` untouched.
 */
export function createRegistrationPageServer(options: RegistrationPageOptions) {
  const store = options.store ?? new PageStore();
  const now = options.now ?? Date.now;
  return async function serve(req: IncomingMessage, res: ServerResponse, render: () => void): Promise<void> {
    const url = req.url ?? '/';
    const path = url.split('?', 1)[0]!;
    // Next answers an oversized action with a bare 500; without JavaScript that is all a supplier would see.
    if (req.method === 'POST' && Number(req.headers['content-length'] ?? 0) > MAX_ACTION_BODY_BYTES) {
      const posted = matchRegistrationPage(path);
      if (!posted) return render();
      sendPlainPage(res, 413, 'tooLarge', posted.locale, path);
      return discardRest(req);
    }
    const page = req.method === 'GET' || req.method === 'HEAD' ? matchRegistrationPage(path) : undefined;
    if (!page) return render();
    const db = await options.getDb();
    if (!(await withinLimits(db, req, page, options.viewsPerMinutePerRef))) return sendPlainPage(res, 429, 'tooManyInWizard', page.locale, path, { 'Retry-After': '60' });
    if (!isCacheableRequest(req.method, url, req.headers, page)) return render();
    const version = await getRegistrationVersion(db, page.ref);
    // Unknown refs go to Next's plain 404 page, never into the cache.
    if (!version) return render();
    const acceptsGzip = /\bgzip\b/i.test(String(req.headers['accept-encoding'] ?? ''));
    const stored = store.get(url, version, now());
    if (stored) return replay(res, stored, acceptsGzip);
    const maxAge = page.step === 'points-of-sale' ? ARCA_PAGE_MAX_AGE_MS : MAX_AGE_MS;
    // The version is read before Next reads the registration, so a page can only be newer than its version says.
    captureResponse(res, (captured) => {
      const storable = toStoredPage(captured, version, now() + maxAge);
      if (storable) store.set(url, storable);
    });
    res.setHeader('X-Page-Cache', 'miss');
    // Next would compress; the copy kept must be text to take a new nonce, so this first answer goes uncompressed.
    delete req.headers['accept-encoding'];
    render();
  };
}

/**
 * Called once the answer is sent: reads and drops the rest of the upload so the browser can finish
 * sending and then show that answer. Past a bound (bytes or time) the connection is cut; the
 * browser already holds the answer by then and shows it. Answering only after reading the whole
 * body would leave nothing to show when the cut comes first (Chromium shows a connection reset).
 */
function discardRest(req: IncomingMessage) {
  let received = 0;
  const cut = () => req.destroy();
  const timer = setTimeout(cut, DISCARD_AT_MOST_MS).unref();
  req.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received > DISCARD_AT_MOST_BYTES) cut();
  });
  req.once('close', () => clearTimeout(timer));
}
const DISCARD_AT_MOST_BYTES = 16 * 1024 * 1024;
const DISCARD_AT_MOST_MS = 15_000;

async function withinLimits(db: Db, req: IncomingMessage, page: RegistrationPage, perRef: number): Promise<boolean> {
  const ip = String(req.headers[CLIENT_ADDRESS_HEADER] ?? 'unknown');
  // Refs are credentials: the shared table only ever holds a digest of one.
  const refKey = createHash('sha256').update(page.ref).digest('hex').slice(0, 32);
  const [byIp, byRef] = await Promise.all([hitRateLimit(db, `reg-view-ip:${ip}`, perRef * 5), hitRateLimit(db, `reg-view-ref:${refKey}`, perRef)]);
  return byIp.allowed && byRef.allowed;
}

function toStoredPage(captured: CapturedResponse, version: string, expiresAt: number): StoredPage | undefined {
  const { status, headers, body } = captured;
  if (status !== 200 || headers['set-cookie'] || headers['content-encoding']) return undefined;
  if (!String(headers['content-type'] ?? '').startsWith('text/html')) return undefined;
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(String(headers['content-security-policy'] ?? ''))?.[1];
  if (!nonce) return undefined;
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !NOT_STORED.has(name) && name !== 'x-page-cache') kept[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return { version, nonce, headers: kept, body: body.toString('utf8'), expiresAt };
}

function replay(res: ServerResponse, page: StoredPage, gzip: boolean) {
  const nonce = randomBytes(16).toString('base64');
  const text = Buffer.from(page.body.replaceAll(page.nonce, nonce), 'utf8');
  // Level 1 with the most memory: on a wizard page, 2 % larger than level 4 for three quarters of its CPU.
  const body = gzip ? gzipSync(text, { level: 1, memLevel: 9 }) : text;
  const headers: Record<string, string | number> = { 'X-Page-Cache': 'hit', 'Content-Length': body.length, ...(gzip ? { 'Content-Encoding': 'gzip' } : {}) };
  for (const [name, value] of Object.entries(page.headers)) headers[name] = value.replaceAll(page.nonce, nonce);
  res.writeHead(200, headers);
  res.end(body);
}
