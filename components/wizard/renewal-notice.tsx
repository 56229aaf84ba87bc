import { getFormatter, getTranslations } from 'next-intl/server';
import type { RegistrationView } from '@/lib/registration';

/** On every step of a renewal: the current certificate stays in use until the new one validates. */
export async function RenewalNotice({ renewal }: { renewal: RegistrationView['renewal'] }) {
  if (!renewal) return null;
  const t = await getTranslations('wizard.renewal');
  const format = await getFormatter();
  return (
    <div
      id="renewal-notice"
      className="space-y-1 rounded-md border-l-4 border-sky-700 bg-sky-50 p-4"
    >
      <p className="font-semibold">{t('notice')}</p>
      {renewal.currentNotAfter && (
        <p>
          {t('current', {
            date: format.dateTime(new Date(renewal.currentNotAfter), { dateStyle: 'long' }),
          })}
        </p>
      )}
    </div>
  );
}
