import type { FeVoucher } from '@/lib/arca';

/** ARCA's window around the day a voucher is sent: goods N±5 days, services (or both) N±10. */
export const arcaDateWindowDays = (concept: number) => (concept === 1 ? 5 : 10);

const dayNumber = (yyyymmdd: string) =>
  Date.UTC(+yyyymmdd.slice(0, 4), +yyyymmdd.slice(4, 6) - 1, +yyyymmdd.slice(6, 8)) / 86_400_000;

/**
 * Why ARCA would refuse the voucher's date when sent on `sendDay` (yyyy-mm-dd, Argentina), as its
 * 10016 does, or null when the date is inside the window.
 */
export function dateOutsideWindow(
  voucher: Pick<FeVoucher, 'CbteFch' | 'Concepto'>,
  sendDay: string,
): { days: number; window: number } | null {
  const window = arcaDateWindowDays(voucher.Concepto);
  const days = dayNumber(voucher.CbteFch) - dayNumber(sendDay.replace(/-/g, ''));
  return Math.abs(days) > window ? { days, window } : null;
}
