import type { IncomingMessage, ServerResponse } from 'node:http';
import { BODY_LIMITS, declaredBodySize } from '@/lib/request-body';
import { matchRegistrationPage } from './match-registration-page';
import { plainPageLocale, sendPlainPage, type PlainPage } from './plain-pages';

/**
 * Answers, before Next reads it, a page post (a server action) that Next would answer with a bare
 * 500: a body over the action limit (413), a chunked action body (411: Next counts it and fails past
 * the limit; browsers always send a length), an `Origin` that does not parse (400) or is another
 * site's (403: Next's CSRF check, which aborts with a 500). Returns whether it answered.
 */
export function refuseUnfitPost(req: IncomingMessage, res: ServerResponse, path: string): boolean {
  if (req.method !== 'POST') return false;
  const locale = plainPageLocale(path);
  const wizard = matchRegistrationPage(path);
  const origin = originHost(req.headers.origin);
  if (origin === null) return answer(res, 400, 'badRequest', locale, path);
  if (origin !== undefined && origin !== requestHost(req))
    return answer(res, 403, 'foreignOrigin', locale, path);
  const size = declaredBodySize(req.method, req.headers, BODY_LIMITS.action);
  if (size === 'over') {
    // Only a wizard step takes files; elsewhere the text tells of a form, not of a certificate.
    answer(res, 413, wizard ? 'tooLarge' : 'tooLargeForm', locale, path);
    discardRest(req);
    return true;
  }
  if (size === 'unknown' && req.headers['next-action'] !== undefined) {
    answer(res, 411, 'badRequest', locale, path);
    discardRest(req);
    return true;
  }
  return false;
}

function answer(
  res: ServerResponse,
  status: number,
  kind: PlainPage,
  locale: 'es' | 'en',
  path: string,
): true {
  sendPlainPage(res, status, kind, locale, path);
  return true;
}

/** The Origin's host as Next compares it: undefined when absent, null when it does not parse. */
function originHost(origin: string | string[] | undefined): string | undefined | null {
  if (origin === undefined) return undefined;
  if (origin === 'null') return 'null';
  try {
    return new URL(String(origin)).host;
  } catch {
    return null;
  }
}

/** The host Next checks the Origin against: a trusted proxy's X-Forwarded-Host (the others were dropped on arrival), else Host. */
function requestHost(req: IncomingMessage): string | undefined {
  const forwarded = req.headers['x-forwarded-host'];
  const first = Array.isArray(forwarded) ? forwarded[0] : forwarded?.split(',')[0]?.trim();
  return first || req.headers.host;
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
