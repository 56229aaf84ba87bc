/** A day (yyyy-mm-dd) as vouchers print it: dd/mm/aaaa, or an strftime-like pattern (%d %m %Y %y). */
export function formatVoucherDate(day: string | null, pattern = '%d/%m/%Y'): string {
  const m = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  if (!m) return day ?? '—';
  const [, y, mo, d] = m as unknown as [string, string, string, string];
  return pattern.replace(/%([dmYy%])/g, (_, token: string) =>
    token === 'd' ? d : token === 'm' ? mo : token === 'Y' ? y : token === 'y' ? y.slice(2) : '%',
  );
}

/**
 * An amount (a decimal string) as Argentine vouchers print it: «$ 1.234,56» in Spanish, «ARS
 * 1,234.56» in English; other currencies by their symbol or code. Intl formats the string itself,
 * never a float. Non-breaking spaces become plain ones: PDFs and text extraction read them alike.
 */
export function formatVoucherAmount(locale: 'es' | 'en', amount: string, currency: string) {
  return formatter(
    `${locale}|${currency}`,
    () => new Intl.NumberFormat(locale === 'es' ? 'es-AR' : 'en', { style: 'currency', currency }),
  )
    .format(amount as `${number}`)
    .replace(/[\u00a0\u202f]/g, ' ');
}

// Making an Intl.NumberFormat costs far more than using one: a 10,000-line invoice formats 60,000
// amounts. One per language, currency or precision, kept.
const formatters = new Map<string, Intl.NumberFormat>();
function formatter(key: string, make: () => Intl.NumberFormat): Intl.NumberFormat {
  let found = formatters.get(key);
  if (!found) formatters.set(key, (found = make()));
  return found;
}

/** A decimal quantity or rate («1.5» → «1,5» in Spanish), exactly as written, no rounding. */
export function formatVoucherNumber(locale: 'es' | 'en', value: string, maxDecimals = 6): string {
  return formatter(
    `${locale}|#${maxDecimals}`,
    () =>
      new Intl.NumberFormat(locale === 'es' ? 'es-AR' : 'en', {
        maximumFractionDigits: maxDecimals,
      }),
  )
    .format(value as `${number}`)
    .replace(/[\u00a0\u202f]/g, ' ');
}

/** «21 %», «10,5 %». */
export const formatVoucherRate = (locale: 'es' | 'en', percent: string) =>
  `${formatVoucherNumber(locale, percent.replace(/%$/, ''), 3)} %`;
