import { getFormatter, getTranslations } from 'next-intl/server';
import { StepForm } from '@/components/wizard/step-form';
import type { Locale } from '@/lib/i18n';
import type { RegistrationView } from '@/lib/registration';
import { keepValidatedCertificate } from './actions';

/** While a new CSR is pending, says that the validated certificate stays in use and offers to keep it. */
export async function ValidatedInUse({
  refCode,
  locale,
  registration,
}: {
  refCode: string;
  locale: Locale;
  registration: RegistrationView;
}) {
  const certificate = registration.credentials?.validatedAt
    ? registration.credentials.certificate
    : null;
  // A renewal needs the new certificate: the layout already says the current one stays in use.
  if (!certificate || !registration.pendingCsr || registration.renewal) return null;
  const t = await getTranslations('wizard.certificate');
  const format = await getFormatter();
  return (
    <div
      id="validated-in-use"
      className="space-y-3 rounded-md border-l-4 border-sky-700 bg-sky-50 p-4"
    >
      <p>
        {t('validatedInUse', {
          alias: certificate.alias ?? '—',
          date: format.dateTime(new Date(certificate.notAfter), { dateStyle: 'long' }),
        })}
      </p>
      <StepForm
        action={keepValidatedCertificate.bind(null, refCode, locale)}
        label={t('keepValidated')}
        pendingLabel={t('keepingValidated')}
        variant="secondary"
      />
    </div>
  );
}
