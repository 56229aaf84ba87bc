import { useTranslations } from 'next-intl';
import type { Regime } from '@/lib/registration';

/** How to create a web-services point of sale in ARCA, for the supplier's regime (live only: homologación needs none). */
export function PointOfSaleGuide({
  regime,
  id,
  heading: Heading = 'h2',
}: {
  regime: Regime | null;
  id: string;
  heading?: 'h2' | 'h3';
}) {
  const t = useTranslations('wizard.pos');
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white p-4">
      <Heading id={id} className="font-semibold">
        {t('liveStepsTitle')}
      </Heading>
      <ol className="mt-2 list-decimal space-y-1 pl-5">
        <li>{t('live1')}</li>
        <li>{t('live2')}</li>
        <li>{t(`live3${regime ?? 'unknown'}`)}</li>
        <li className="font-medium">{t('live4')}</li>
      </ol>
    </section>
  );
}
