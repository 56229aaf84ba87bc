'use server';

import { getLocale } from 'next-intl/server';
import { getDb } from '@/lib/db';
import { redirect } from '@/lib/i18n';
import { signOut } from '@/lib/users';
import { takeSessionCookie } from '../session';

export async function signOutAction(): Promise<void> {
  await signOut(await getDb(), await takeSessionCookie());
  redirect({ href: '/console/sign-in', locale: await getLocale() });
}
