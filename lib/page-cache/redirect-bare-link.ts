import 'server-only';
import type { ServerResponse } from 'node:http';
import type { Db } from '@/lib/db';
import { getRegistrationByRef, linkStep } from '@/lib/registration';
import { pageSecurityHeaders } from '@/lib/security';
import type { RegistrationPage } from './match-registration-page';

// The answer has no body: nothing may load or run from it.
const EMPTY_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * The link itself (`/reg/<ref>`, `/en/reg/<ref>`) opened by a browser: answered here with the
 * redirect Next would send (307 to the step reached, or done; app/[locale]/reg/[ref]/page.tsx),
 * from one query, instead of Next rendering the root and wizard layouts for a page that only
 * redirects. Whether it answered: an unknown ref is left to Next, for its 404 page.
 */
export async function redirectBareLink(
  db: Db,
  res: ServerResponse,
  path: string,
  page: RegistrationPage,
  production: boolean,
): Promise<boolean> {
  const registration = await getRegistrationByRef(db, page.ref);
  if (!registration) return false;
  const location = `${page.locale === 'en' ? '/en' : ''}/reg/${page.ref}/${linkStep(registration)}`;
  res.writeHead(307, {
    ...pageSecurityHeaders(path, EMPTY_CSP, production),
    Location: location,
    'Cache-Control': 'private, no-cache, no-store, max-age=0, must-revalidate',
    'Content-Length': 0,
  });
  res.end();
  return true;
}
