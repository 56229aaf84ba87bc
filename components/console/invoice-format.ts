/**
 * An amount (a decimal string, as lib/invoice-model calculates it) in the console's language. Intl
 * formats the string itself, exactly: it never goes through a float.
 */
export function formatMoney(locale: string, amount: string, currency: string): string {
  const format = new Intl.NumberFormat(locale === 'es' ? 'es-AR' : 'en', {
    style: 'currency',
    currency,
  });
  return format.format(amount as `${number}`);
}

/** A percent as the invoice writes it ("21%", "10.5%") in the console's language. */
export function formatPercent(locale: string, percent: string): string {
  const format = new Intl.NumberFormat(locale === 'es' ? 'es-AR' : 'en', {
    maximumFractionDigits: 3,
  });
  return `${format.format(percent.replace(/%$/, '') as `${number}`)} %`;
}

/** A calendar day as the invoice writes it (yyyy-mm-dd), in the console's language, with no time zone shift. */
export function formatDay(locale: string, day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(locale === 'es' ? 'es-AR' : 'en', {
    dateStyle: 'medium',
    timeZone: 'UTC',
  }).format(date);
}
