const WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;
const CUIT_PREFIXES = ['20', '23', '24', '27', '30', '33', '34'] as const;

export type CuitProblem = 'cuit_empty' | 'cuit_length' | 'cuit_prefix' | 'cuit_check_digit';

/** Strips hyphens, dots and spaces; returns the digits (not validated). */
export function normalizeCuit(input: string): string {
  return input.replace(/[\s.\-‐-―]/g, '');
}

/** The mod-11 check digit for the first ten digits; undefined when ARCA would never issue it (result 10). */
export function cuitCheckDigit(first10: string): number | undefined {
  const sum = WEIGHTS.reduce((acc, w, i) => acc + w * Number(first10[i]), 0);
  const digit = 11 - (sum % 11);
  if (digit === 11) return 0;
  return digit === 10 ? undefined : digit;
}

/** Validates a CUIT as typed; returns the normalised value or the reason it is not one. */
export function validateCuit(
  input: string,
): { ok: true; cuit: string } | { ok: false; problem: CuitProblem } {
  const cuit = normalizeCuit(input);
  if (cuit === '') return { ok: false, problem: 'cuit_empty' };
  if (!/^\d{11}$/.test(cuit)) return { ok: false, problem: 'cuit_length' };
  if (!(CUIT_PREFIXES as readonly string[]).includes(cuit.slice(0, 2)))
    return { ok: false, problem: 'cuit_prefix' };
  if (cuitCheckDigit(cuit.slice(0, 10)) !== Number(cuit[10]))
    return { ok: false, problem: 'cuit_check_digit' };
  return { ok: true, cuit };
}

/** `XX-XXXXXXXX-X`; returns the input unchanged when it is not 11 digits. */
export function formatCuit(input: string): string {
  const cuit = normalizeCuit(input);
  return /^\d{11}$/.test(cuit)
    ? `${cuit.slice(0, 2)}-${cuit.slice(2, 10)}-${cuit.slice(10)}`
    : input;
}
