import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n';
import { secondaryButtonClass } from './ui';

type Href = { pathname: string; query: Record<string, string> };

export async function Pagination({
  page,
  pages,
  href,
  label,
}: {
  page: number;
  pages: number;
  href: (page: number) => Href;
  /** What the navigation pages through, where the page has more than one list. */
  label?: string;
}) {
  if (pages <= 1) return null;
  const t = await getTranslations('console.pagination');
  return (
    <nav
      aria-label={label ?? t('label')}
      className="flex flex-wrap items-center justify-between gap-2"
    >
      {page > 1 ? (
        <Link href={href(page - 1)} className={secondaryButtonClass} rel="prev">
          {t('previous')}
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-700">{t('pageOf', { page, pages })}</p>
      {page < pages ? (
        <Link href={href(page + 1)} className={secondaryButtonClass} rel="next">
          {t('next')}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
