const DAY_MS = 86_400_000;

/** Within this many days a certificate is "expiring": the console warns, its filter lists it, the first notice goes. */
export const EXPIRING_WITHIN_DAYS = 30;

export interface CertificateExpiry {
  /** `valid`: more than 30 days left; `expiring`: 30 days or less; `expired`: its validity has ended. */
  status: 'valid' | 'expiring' | 'expired';
  /** Whole days left (valid, expiring) or since it expired (expired), rounded down. */
  days: number;
}

/** How far a certificate is from its expiry, as the console shows it. */
export function certificateExpiry(notAfter: Date, now: Date): CertificateExpiry {
  const left = notAfter.getTime() - now.getTime();
  if (left <= 0) return { status: 'expired', days: Math.floor(-left / DAY_MS) };
  return {
    status: left <= EXPIRING_WITHIN_DAYS * DAY_MS ? 'expiring' : 'valid',
    days: Math.floor(left / DAY_MS),
  };
}
