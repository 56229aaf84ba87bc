import { getTranslations, setRequestLocale } from 'next-intl/server';
import { CopyField } from '@/components/wizard/copy-field';
import { CsrDownload } from '@/components/wizard/csr-download';
import { StepHeading } from '@/components/wizard/step-heading';
import { getEnv } from '@/lib/config';
import { StepForm } from '@/components/wizard/step-form';
import { currentCsr } from '@/lib/registration';
import { localeParams } from '@/lib/i18n';
import { ValidatedInUse } from '../certificate/validated-in-use';
import { requireStep } from '../load';
import { continueToUpload } from './actions';
import { NumberedSteps } from '@/components/ui/numbered-steps';

type Props = { params: Promise<{ locale: string; ref: string }> };

const STEPS = ['s1', 's2', 's3', 's4', 's5'] as const;
const MISTAKES = ['mistake1', 'mistake2', 'mistake3'] as const;
const SIMULATOR_PAGE = {
  sandbox: '/simulator/arca/sandbox/wsass',
  live: '/simulator/arca/live/certificados',
} as const;

export default async function ArcaStep({ params }: Props) {
  const { locale, ref } = await localeParams(params);
  setRequestLocale(locale);
  const registration = await requireStep(ref, locale, 'arca');
  const t = await getTranslations('wizard.arca');
  const tNav = await getTranslations('wizard.nav');
  const env = registration.environment;
  const csr = currentCsr(registration);
  return (
    <div className="space-y-8">
      <StepHeading
        base={`/reg/${ref}`}
        step="arca"
        reached={registration.step}
        renewal={registration.renewal}
        title={t('title')}
      >
        <p>{t('intro')}</p>
      </StepHeading>
      <ValidatedInUse refCode={ref} locale={locale} registration={registration} />
      {csr && (
        <div className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
          <CopyField label={t('aliasLabel')} value={csr.alias} />
          <CopyField label={t('csrLabel')} value={csr.csrPem} multiline />
          <CsrDownload refCode={ref} label={t('download')} />
        </div>
      )}
      {getEnv().arcaSimulator && (
        <div className="rounded-md border-l-4 border-sky-700 bg-sky-50 p-4">
          <p>{t('simulatorNote')}</p>
          <a
            href={SIMULATOR_PAGE[env]}
            target="_blank"
            rel="noopener"
            className="mt-2 inline-block font-semibold text-brand-800 underline"
          >
            {t('openSimulator')}
          </a>
        </div>
      )}
      <NumberedSteps
        className="space-y-5"
        steps={STEPS.map((step) => ({
          key: step,
          content: (
            <div>
              <h2 className="font-semibold">{t(`${env}.${step}Title`)}</h2>
              <p className="mt-1 text-slate-800">{t(`${env}.${step}Body`)}</p>
            </div>
          ),
        }))}
      />
      <section
        aria-labelledby="mistakes-title"
        className="rounded-lg border border-amber-300 bg-amber-50 p-4"
      >
        <h2 id="mistakes-title" className="font-semibold text-amber-950">
          {t(`${env}.mistakesTitle`)}
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-amber-950">
          {MISTAKES.map((m) => (
            <li key={m}>{t(`${env}.${m}`)}</li>
          ))}
        </ul>
      </section>
      <StepForm
        action={continueToUpload.bind(null, ref, locale)}
        label={t('next')}
        pendingLabel={tNav('saving')}
      />
    </div>
  );
}
