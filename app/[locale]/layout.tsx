import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { localeParams } from '@/lib/i18n';
import { SiteHeader } from '@/components/ui/site-header';
import { SiteFooter } from '@/components/ui/site-footer';
import { ClientMessages } from '@/components/ui/client-messages';

type Props = { children: ReactNode; params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await localeParams(params);
  const t = await getTranslations({ locale, namespace: 'meta' });
  return { title: t('title'), description: t('description') };
}

export default async function LocaleLayout({ children, params }: Props) {
  const { locale } = await localeParams(params);
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'common' });
  return (
    <html lang={locale === 'es' ? 'es-AR' : 'en'}>
      <body className="flex min-h-screen flex-col bg-slate-50 font-sans text-slate-900 antialiased print:bg-white">
        <a
          href="#main"
          className="sr-only print:hidden focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:bg-white focus:p-2"
        >
          {t('skipToContent')}
        </a>
        <ClientMessages namespaces={['common']}>
          <SiteHeader />
          <main
            id="main"
            className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:py-12 print:max-w-none print:p-0"
          >
            {children}
          </main>
          <SiteFooter />
        </ClientMessages>
      </body>
    </html>
  );
}
