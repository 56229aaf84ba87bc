import 'server-only';
import { cache } from 'react';
import { cookies } from 'next/headers';
import { getLocale } from 'next-intl/server';
import { getEnv } from '@/lib/config';
import { getDb } from '@/lib/db';
import { redirect } from '@/lib/i18n';
import { getSession, SESSION_COOKIE, type Operator } from '@/lib/users';

/** The signed-in operator for this request (looked up once per request), or null. */
export const currentOperator = cache(async (): Promise<Operator | null> => {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  return getSession(await getDb(), token);
});

/**
 * Every console page and action starts here: no valid session → the sign-in page. The workspace
 * every query uses comes from the session row, never from the request.
 */
export async function requireOperator(): Promise<Operator> {
  const operator = await currentOperator();
  if (!operator) return redirect({ href: '/console/sign-in', locale: await getLocale() });
  return operator;
}

export async function setSessionCookie(token: string, expires: Date) {
  (await cookies()).set(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: getEnv().production,
    path: '/',
    expires,
  });
}

export async function takeSessionCookie(): Promise<string | undefined> {
  const store = await cookies();
  const token = store.get(SESSION_COOKIE)?.value;
  store.delete({ name: SESSION_COOKIE, path: '/' });
  return token;
}
