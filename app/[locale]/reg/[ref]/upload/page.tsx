import { getTranslations, setRequestLocale } from 'next-intl/server';
import { StepHeading } from '@/components/wizard/step-heading';
import { localeParams } from '@/lib/i18n';
import { ValidatedInUse } from '../certificate/validated-in-use';
import { requireStep } from '../load';
import { uploadCertificate } from './actions';
import { UploadForm } from './upload-form';

type Props = { params: Promise<{ locale: string; ref: string }> };

export default async function UploadStep({ params }: Props) {
  const { locale, ref } = await localeParams(params);
  setRequestLocale(locale);
  const registration = await requireStep(ref, locale, 'upload');
  const t = await getTranslations('wizard.upload');
  return (
    <div className="space-y-8">
      <StepHeading
        base={`/reg/${ref}`}
        step="upload"
        reached={registration.step}
        renewal={registration.renewal}
        title={t('title')}
      >
        <p>{t('intro')}</p>
      </StepHeading>
      <ValidatedInUse refCode={ref} locale={locale} registration={registration} />
      <UploadForm action={uploadCertificate.bind(null, ref, locale)} />
    </div>
  );
}
