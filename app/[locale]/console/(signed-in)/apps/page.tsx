import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getDb } from '@/lib/db';
import { isAppConnected } from '@/lib/workspaces';
import { buttonClass, Card, dangerButtonClass, PageHeader } from '@/components/console/ui';
import { localeParams } from '@/lib/i18n';
import { requireOperator } from '../../session';
import { connectAppAction, disconnectAppAction } from './actions';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata() {
  return { title: (await getTranslations('console.apps'))('title') };
}

export default async function AppsPage({ params }: Props) {
  setRequestLocale((await localeParams(params)).locale);
  const operator = await requireOperator();
  const t = await getTranslations('console.apps');
  const connected = await isAppConnected(await getDb(), operator.workspaceId, 'gov-ar');
  return (
    <>
      <PageHeader title={t('title')} description={t('lead')} />
      <Card title={t('govAr.name')} id="gov-ar-title">
        <div className="space-y-4">
          <p className="text-slate-700">{t('govAr.description')}</p>
          <p className="text-sm" data-testid="gov-ar-status">
            <span className="font-medium">{t('statusLabel')}</span>{' '}
            <span className={connected ? 'font-semibold text-emerald-800' : 'text-slate-700'}>
              {connected ? t('connected') : t('notConnected')}
            </span>
          </p>
          <form action={connected ? disconnectAppAction : connectAppAction}>
            <button type="submit" className={connected ? dangerButtonClass : buttonClass}>
              {connected ? t('disconnect') : t('connect')}
            </button>
          </form>
        </div>
      </Card>
    </>
  );
}
