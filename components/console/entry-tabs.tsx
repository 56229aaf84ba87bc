import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n';

export type EntryTab = 'data' | 'history' | 'meta' | 'jobs';

/** Tabs as links (they work without JavaScript and can be bookmarked); the current one is marked. */
export function EntryTabs({ entryId, current }: { entryId: string; current: EntryTab }) {
  const t = useTranslations('console.supplier.tabs');
  const tabs: EntryTab[] = ['data', 'history', 'meta', 'jobs'];
  return (
    <nav aria-label={t('label')} className="border-b border-slate-300">
      <ul className="-mb-px flex flex-wrap gap-1">
        {tabs.map((tab) => (
          <li key={tab}>
            <Link
              id={`tab-${tab}`}
              href={{
                pathname: `/console/suppliers/${entryId}`,
                query: tab === 'data' ? {} : { tab },
              }}
              aria-current={tab === current ? 'page' : undefined}
              scroll={false}
              className={`block rounded-t-md border px-4 py-2 text-sm font-medium ${tab === current ? 'border-slate-300 border-b-white bg-white text-slate-900' : 'border-transparent text-brand-700 underline underline-offset-2 hover:bg-slate-100'}`}
            >
              {t(tab)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
