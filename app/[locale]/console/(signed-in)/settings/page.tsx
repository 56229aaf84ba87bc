import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import { getDb } from '@/lib/db';
import { listApiKeys } from '@/lib/workspaces';
import { ApiKeyForm } from './api-key-form';
import { EnvironmentForm } from './environment-form';
import { Card, dangerButtonClass, PageHeader } from '@/components/console/ui';
import { localeParams } from '@/lib/i18n';
import { requireOperator } from '../../session';
import { revokeApiKeyAction } from './actions';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata() {
  return { title: (await getTranslations('console.settings'))('title') };
}

export default async function SettingsPage({ params }: Props) {
  setRequestLocale((await localeParams(params)).locale);
  const operator = await requireOperator();
  const t = await getTranslations('console.settings');
  const format = await getFormatter();
  const keys = await listApiKeys(await getDb(), operator.workspaceId);
  const when = (iso: string) =>
    format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <>
      <PageHeader title={t('title')} description={t('lead')} />
      <Card title={t('environment.title')} id="environment-title">
        <EnvironmentForm current={operator.environment} />
      </Card>
      <Card title={t('keys.title')} id="keys-title">
        <div className="space-y-6">
          <p className="text-slate-700">{t('keys.lead')}</p>
          <ApiKeyForm />
          <ul
            className="divide-y divide-slate-200 rounded-md border border-slate-200"
            data-testid="api-keys"
          >
            {keys.map((key) => (
              <li key={key.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <div className="min-w-0">
                  <p className="font-medium">
                    {key.name} <code className="ml-1 text-sm text-slate-700">{key.prefix}…</code>
                  </p>
                  <p className="text-sm text-slate-600">
                    {t('keys.created', { when: when(key.created_at) })}
                    {key.last_used_at
                      ? ` · ${t('keys.lastUsed', { when: when(key.last_used_at) })}`
                      : ''}
                  </p>
                </div>
                {key.revoked_at ? (
                  <span className="text-sm font-medium text-slate-700">
                    {t('keys.revoked', { when: when(key.revoked_at) })}
                  </span>
                ) : (
                  <form action={revokeApiKeyAction}>
                    <input type="hidden" name="key_id" value={key.id} />
                    <button type="submit" className={dangerButtonClass}>
                      {t('keys.revoke')}
                      <span className="sr-only"> {key.name}</span>
                    </button>
                  </form>
                )}
              </li>
            ))}
          </ul>
        </div>
      </Card>
    </>
  );
}
