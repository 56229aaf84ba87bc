'use client';

import { useTranslations } from 'next-intl';
import { Link, usePathname } from '@/lib/i18n';

const ITEMS = [
  { href: '/console', key: 'home' },
  { href: '/console/suppliers', key: 'suppliers' },
  { href: '/console/invoices', key: 'invoices' },
  { href: '/console/jobs', key: 'jobs' },
  { href: '/console/workflows', key: 'workflows' },
  { href: '/console/apps', key: 'apps' },
  { href: '/console/settings', key: 'settings' },
] as const;

export function ConsoleNav() {
  const t = useTranslations('console.nav');
  const pathname = usePathname();
  const isCurrent = (href: string) =>
    href === '/console' ? pathname === href : pathname === href || pathname.startsWith(`${href}/`);
  return (
    // Items wrap onto a second row on narrow screens: none is hidden off to the side.
    <nav
      aria-label={t('label')}
      className="-mx-4 border-y border-slate-200 bg-white px-2 sm:mx-0 sm:rounded-lg sm:border print:hidden"
    >
      <ul className="flex flex-wrap gap-1 py-1">
        {ITEMS.map((item) => {
          const current = isCurrent(item.href);
          return (
            <li key={item.key}>
              <Link
                href={item.href}
                aria-current={current ? 'page' : undefined}
                className={`block whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium ${current ? 'bg-brand-700 text-white' : 'text-slate-800 hover:bg-slate-100'}`}
              >
                {t(item.key)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
