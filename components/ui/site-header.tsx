import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n';
import { LanguageSwitch } from './language-switch';

export async function SiteHeader() {
  const t = await getTranslations('common');
  return (
    <header className="border-b border-slate-200 bg-white print:hidden">
      <div className="mx-auto flex max-w-3xl items-center justify-between gap-4 px-4 py-3">
        <Link href="/" className="text-lg font-bold text-brand-800">
          {t('brand')}
        </Link>
        <LanguageSwitch />
      </div>
    </header>
  );
}
