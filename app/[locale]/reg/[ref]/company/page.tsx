import { getTranslations, setRequestLocale } from 'next-intl/server';
import { formatCuit } from '@/lib/arca';
import { REGIMES } from '@/lib/registration';
import { EnvBadge } from '@/components/wizard/env-badge';
import { StepHeading } from '@/components/wizard/step-heading';
import { localeParams } from '@/lib/i18n';
import { requireStep } from '../load';
import { saveCompany } from './actions';
import { CompanyForm } from './company-form';

type Props = { params: Promise<{ locale: string; ref: string }> };

export default async function CompanyStep({ params }: Props) {
  const { locale, ref } = await localeParams(params);
  setRequestLocale(locale);
  const registration = await requireStep(ref, locale, 'company');
  const t = await getTranslations('wizard.company');
  const tEnv = await getTranslations('wizard.env');
  const tRenewal = await getTranslations('wizard.renewal');
  // A renewal says so from its first words, and what changes: only the certificate.
  const renewing = !!registration.renewal;
  const company = registration.company.name;
  return (
    <div className="space-y-8">
      <StepHeading
        base={`/reg/${ref}`}
        step="company"
        reached={registration.step}
        renewal={registration.renewal}
        title={renewing ? tRenewal('title', { company }) : t('title')}
      >
        <p>{renewing ? tRenewal('intro', { company }) : t('intro', { company })}</p>
      </StepHeading>
      <dl className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-slate-700">{t('name')}</dt>
          <dd className="font-semibold">{registration.company.name}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-700">{t('cuit')}</dt>
          <dd className="font-semibold">{formatCuit(registration.company.cuit)}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-700">{t('environment')}</dt>
          <dd className="space-y-1">
            <EnvBadge environment={registration.environment} />
            <p className="text-sm text-slate-700">{tEnv(`${registration.environment}Hint`)}</p>
          </dd>
        </div>
      </dl>
      <p className="-mt-6 text-sm text-slate-700">{t('wrongData')}</p>
      <section aria-labelledby="need-title">
        <h2 id="need-title" className="text-lg font-semibold">
          {t('needTitle')}
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>{t('needClave')}</li>
          <li>{t('needDevice')}</li>
        </ul>
      </section>
      <section aria-labelledby="what-title">
        <h2 id="what-title" className="text-lg font-semibold">
          {t('stepsTitle')}
        </h2>
        <ol className="mt-2 list-decimal space-y-1 pl-5">
          {(['steps1', 'steps2', 'steps3'] as const).map((key) => (
            <li key={key}>{renewing ? tRenewal(key) : t(key)}</li>
          ))}
        </ol>
      </section>
      {renewing && registration.regime && <p>{tRenewal('regimeKept')}</p>}
      <CompanyForm
        action={saveCompany.bind(null, ref, locale)}
        regime={registration.regime}
        regimes={REGIMES}
      />
    </div>
  );
}
