'use server';

import { getLocale } from 'next-intl/server';
import { getDb } from '@/lib/db';
import { redirect } from '@/lib/i18n';
import { requestClientAddress } from '@/lib/security';
import { signIn, signInInput } from '@/lib/users';
import { formValues, postedForm, type ActionState } from '@/components/forms/action-state';
import { setSessionCookie } from '../session';

export type SignInState = ActionState<{ email: string }>;

export async function signInAction(_previous: SignInState, posted: unknown): Promise<SignInState> {
  const formData = postedForm(posted);
  const values = formValues(formData, ['email'] as const);
  const parsed = signInInput.safeParse({
    email: values.email,
    password: formData.get('password') ?? '',
  });
  if (!parsed.success) {
    const blank = !values.email.trim() || !formData.get('password');
    return { status: 'error', code: blank ? 'signInMissing' : 'signInInvalid', values };
  }
  const clientAddress = await requestClientAddress();
  const result = await signIn(await getDb(), parsed.data, { clientAddress });
  if (!result.ok) return { status: 'error', code: 'signInInvalid', values };
  await setSessionCookie(result.token, result.expiresAt);
  return redirect({ href: '/console', locale: await getLocale() });
}
