import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n';

export default async function NotFound() {
  const t = await getTranslations('notFound');
  return (
    <section className="space-y-4" aria-labelledby="not-found-title">
      <h1 id="not-found-title" className="text-2xl font-bold">
        {t('title')}
      </h1>
      <p>{t('body')}</p>
      <Link href="/" className="inline-block font-medium text-brand-700 underline">
        {t('home')}
      </Link>
    </section>
  );
}
