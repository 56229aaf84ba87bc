/**
 * Today in Argentina (UTC−3, no daylight saving), yyyy-mm-dd: ARCA dates vouchers by its own day,
 * and it is GOBL's default issue date for the AR regime.
 */
export function argentinaToday(now: Date = new Date()): string {
  return new Date(now.getTime() - 3 * 3_600_000).toISOString().slice(0, 10);
}
