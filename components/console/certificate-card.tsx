import { getFormatter, getTranslations } from 'next-intl/server';
import { formatCuit } from '@/lib/arca';
import type { CertificateStatus } from '@/lib/registration';
import { CertificateExpiry } from './certificate-expiry';
import { Card, DataList } from './ui';

export async function CertificateCard({
  certificate,
  now,
}: {
  certificate: CertificateStatus | null;
  now: Date;
}) {
  const t = await getTranslations('console.supplier.certificate');
  const format = await getFormatter();
  return (
    <Card title={t('title')} id="certificate-title">
      {certificate ? (
        <DataList
          items={[
            { label: t('alias'), value: certificate.alias },
            { label: t('cuit'), value: formatCuit(certificate.cuit) },
            { label: t('environment'), value: t(`environments.${certificate.environment}`) },
            {
              label: t('expires'),
              value: format.dateTime(new Date(certificate.notAfter), { dateStyle: 'medium' }),
            },
            {
              label: t('daysLeft'),
              value: <CertificateExpiry notAfter={new Date(certificate.notAfter)} now={now} />,
            },
            ...(certificate.renewalStartedAt
              ? [
                  {
                    label: t('renewal'),
                    value: (
                      <span data-testid="renewal-status">
                        {t('renewalInProgress', {
                          date: format.dateTime(new Date(certificate.renewalStartedAt), {
                            dateStyle: 'medium',
                          }),
                        })}
                      </span>
                    ),
                  },
                ]
              : []),
          ]}
        />
      ) : (
        <p className="text-slate-700" data-testid="certificate-status">
          {t('none')}
        </p>
      )}
    </Card>
  );
}
