import { getTranslations } from 'next-intl/server';

export async function SiteFooter() {
  const t = await getTranslations('common');
  return (
    <footer className="border-t border-slate-200 bg-white print:hidden">
      <p className="mx-auto max-w-3xl px-4 py-4 text-sm text-slate-600">{t('footer')}</p>
    </footer>
  );
}
