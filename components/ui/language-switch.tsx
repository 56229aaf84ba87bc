'use client';

import { useLocale, useTranslations } from 'next-intl';
import { Link, usePathname } from '@/lib/i18n';

/** A plain link to the same page in the other language: works before hydration and with no JS. */
export function LanguageSwitch() {
  const t = useTranslations('common');
  const locale = useLocale();
  const pathname = usePathname();
  const other = locale === 'es' ? 'en' : 'es';
  return (
    <nav aria-label={t('languageSwitch')}>
      <Link
        href={pathname}
        locale={other}
        hrefLang={other}
        lang={other}
        className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100"
      >
        {t('switchTo')}
      </Link>
    </nav>
  );
}
