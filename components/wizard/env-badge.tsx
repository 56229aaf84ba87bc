import { getTranslations } from 'next-intl/server';

export async function EnvBadge({ environment }: { environment: 'sandbox' | 'live' }) {
  const t = await getTranslations('wizard.env');
  const style =
    environment === 'live'
      ? 'bg-emerald-100 text-emerald-900 ring-emerald-700/30'
      : 'bg-amber-100 text-amber-900 ring-amber-700/30';
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-semibold ring-1 ring-inset ${style}`}
      title={t(`${environment}Hint`)}
    >
      {t(environment)}
    </span>
  );
}
