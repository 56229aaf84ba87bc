import { getTranslations, setRequestLocale } from 'next-intl/server';
import { CopyField } from '@/components/wizard/copy-field';
import { CsrDownload } from '@/components/wizard/csr-download';
import { StepHeading } from '@/components/wizard/step-heading';
import { Link, localeParams } from '@/lib/i18n';
import { currentCsr, suggestedAlias } from '@/lib/registration';
import { requireStep } from '../load';
import { generateCsr, uploadOwnCredentials } from './actions';
import { ByoForm } from './byo-form';
import { GenerateForm } from './generate-form';
import { ValidatedInUse } from './validated-in-use';

type Props = { params: Promise<{ locale: string; ref: string }> };

export default async function CertificateStep({ params }: Props) {
  const { locale, ref } = await localeParams(params);
  setRequestLocale(locale);
  const registration = await requireStep(ref, locale, 'certificate');
  const t = await getTranslations('wizard.certificate');
  const tNav = await getTranslations('wizard.nav');
  const csr = currentCsr(registration);
  return (
    <div className="space-y-8">
      <StepHeading
        base={`/reg/${ref}`}
        step="certificate"
        reached={registration.step}
        renewal={registration.renewal}
        title={t('title')}
      >
        <p>{t('intro')}</p>
      </StepHeading>
      <ValidatedInUse refCode={ref} locale={locale} registration={registration} />
      <section
        aria-labelledby="generate-title"
        className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
      >
        <h2 id="generate-title" className="text-lg font-semibold">
          {t('generateTitle')}
        </h2>
        {csr && (
          <div
            id="ready"
            className="space-y-4 rounded-md border-l-4 border-emerald-700 bg-emerald-50 p-4"
          >
            <p className="font-semibold text-emerald-900">{t('readyTitle')}</p>
            <p>{t('readyBody')}</p>
            <CopyField label={t('aliasLabel')} value={csr.alias} />
            <CopyField label={t('csrLabel')} value={csr.csrPem} multiline />
            <div className="flex flex-wrap gap-3">
              <CsrDownload refCode={ref} label={t('download')} />
              <Link
                href={`/reg/${ref}/arca`}
                className="inline-flex min-h-11 items-center rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
              >
                {tNav('next')}
              </Link>
            </div>
          </div>
        )}
        <GenerateForm
          action={generateCsr.bind(null, ref, locale)}
          alias={csr?.alias ?? suggestedAlias(registration)}
          hasCsr={!!csr}
        />
      </section>
      <details
        className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
        open={!registration.pendingCsr && registration.credentials?.source === 'byo'}
      >
        <summary className="cursor-pointer text-lg font-semibold">{t('byoTitle')}</summary>
        <div className="mt-4 space-y-4">
          <p>{t('byoIntro')}</p>
          <ByoForm action={uploadOwnCredentials.bind(null, ref, locale)} />
        </div>
      </details>
    </div>
  );
}
