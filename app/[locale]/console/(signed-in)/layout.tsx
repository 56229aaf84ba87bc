import type { ReactNode } from 'react';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ConsoleNav } from '@/components/console/console-nav';
import { requireOperator } from '../session';
import { signOutAction } from './actions';

export const metadata: Metadata = { robots: { index: false, follow: false } };

// Pages check the session again themselves: a layout is not re-run on every navigation.
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const operator = await requireOperator();
  const t = await getTranslations('console.shell');
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700 print:hidden">
        <p>
          <span className="font-semibold text-slate-900">{operator.workspaceName}</span>
          {' · '}
          {t(`environment.${operator.environment}`)}
        </p>
        <form action={signOutAction} className="flex items-center gap-2">
          <span className="hidden sm:inline">{operator.email}</span>
          <button
            type="submit"
            className="rounded-md px-2 py-1 font-medium text-brand-700 underline underline-offset-2 hover:bg-slate-100"
          >
            {t('signOut')}
          </button>
        </form>
      </div>
      <ConsoleNav />
      <div className="space-y-6 print:space-y-0">{children}</div>
    </div>
  );
}
