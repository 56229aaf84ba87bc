import { useTranslations } from 'next-intl';
import { certificateExpiry } from '@/lib/registration';

const TONES = {
  valid: 'text-slate-700',
  expiring: 'rounded bg-amber-50 px-1.5 text-amber-900 ring-1 ring-inset ring-amber-300',
  expired: 'rounded bg-red-50 px-1.5 font-semibold text-red-900 ring-1 ring-inset ring-red-300',
};

/** "Vence en 23 días" / "Venció hace 3 días": a warning within 30 days, an error once expired. */
export function CertificateExpiry({ notAfter, now }: { notAfter: Date; now: Date }) {
  const t = useTranslations('console.certificateExpiry');
  const { status, days } = certificateExpiry(notAfter, now);
  return (
    <span className={`text-sm ${TONES[status]}`} data-expiry={status}>
      {status === 'expired'
        ? days === 0
          ? t('expiredWithinADay')
          : t('expiredAgo', { days })
        : days === 0
          ? t('expiresWithinADay')
          : t('expiresIn', { days })}
    </span>
  );
}
