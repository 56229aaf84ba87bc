import type { IncomingHttpHeaders } from 'node:http';
import { isWellFormedRef, WIZARD_STEPS } from '@/lib/registration';

export interface RegistrationPage {
  ref: string;
  locale: 'es' | 'en';
  /** Undefined for the bare link, which only redirects to a step. */
  step?: string;
}

const PATH = /^\/(?:(en)\/)?reg\/([^/]+)(?:\/([a-z-]+))?\/?$/;
// Client-side navigations, prefetches and server actions ask Next for something other than the page's HTML.
const ROUTER_HEADERS = ['rsc', 'next-action', 'next-router-prefetch', 'next-router-state-tree'];

/** A page under /reg/<ref>, in either language; undefined for any other path. */
export function matchRegistrationPage(pathname: string): RegistrationPage | undefined {
  const match = PATH.exec(pathname);
  if (!match || !isWellFormedRef(match[2]!)) return undefined;
  const step = match[3];
  if (step !== undefined && !(WIZARD_STEPS as readonly string[]).includes(step)) return undefined;
  return { ref: match[2]!, locale: match[1] === 'en' ? 'en' : 'es', step };
}

/** Only a plain browser GET of a step's HTML, with no query string, is served from the cache. */
export function isCacheableRequest(
  method: string | undefined,
  url: string,
  headers: IncomingHttpHeaders,
  page: RegistrationPage,
): boolean {
  return page.step !== undefined && isPlainDocumentGet(method, url, headers);
}

/** A browser's GET of a page's HTML with no query string: no router request, no action. */
export function isPlainDocumentGet(
  method: string | undefined,
  url: string,
  headers: IncomingHttpHeaders,
): boolean {
  return method === 'GET' && !url.includes('?') && !ROUTER_HEADERS.some((name) => name in headers);
}
