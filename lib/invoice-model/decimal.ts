import Decimal from 'decimal.js';

// One configured copy, so that no other user of decimal.js changes our rounding: half-up (away from
// zero on a tie), as GOBL rounds amounts, and far more significant digits than any invoice needs.
export const Money = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP });
export type Money = InstanceType<typeof Money>;

/** Rounds to cents and writes exactly two decimals ("1210.00"), the form WSFE amounts take. */
export function toCents(value: Money): string {
  return value.toDecimalPlaces(2, Money.ROUND_HALF_UP).toFixed(2);
}

/** A GOBL percentage ("21%", "10.5") as a fraction of one (0.21, 0.105), exact. */
export const fraction = (percent: string) => new Money(percent.trim().replace(/%$/, '')).div(100);

/** How many decimals a decimal text is written with ("12.340" → 3). */
export const decimalsOf = (text: string) => text.split('.')[1]?.length ?? 0;

/** Rounds half away from zero to `decimals` places: what GOBL's amounts do at their own precision. */
export const roundTo = (value: Money, decimals: number) =>
  value.toDecimalPlaces(decimals, Money.ROUND_HALF_UP);
