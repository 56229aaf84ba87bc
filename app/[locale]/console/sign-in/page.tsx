import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { redirect, localeParams } from '@/lib/i18n';
import { SignInForm } from './sign-in-form';
import { currentOperator } from '../session';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({
    locale: (await localeParams(params)).locale,
    namespace: 'console.signIn',
  });
  return { title: t('title'), robots: { index: false } };
}

export default async function SignInPage({ params }: Props) {
  const { locale } = await localeParams(params);
  setRequestLocale(locale);
  if (await currentOperator()) redirect({ href: '/console', locale });
  const t = await getTranslations('console.signIn');
  return (
    <div className="mx-auto max-w-sm space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight">{t('title')}</h1>
        <p className="text-slate-700">{t('lead')}</p>
      </div>
      <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <SignInForm />
      </div>
      <p className="text-sm text-slate-600">{t('help')}</p>
    </div>
  );
}
