// ARCA's "nombre simbólico del DN": letters and digits only, no spaces or accents.
const ALIAS_MAX = 32;
const ALIAS_PATTERN = /^[A-Za-z0-9]+$/;

type AliasProblem = 'alias_empty' | 'alias_too_long' | 'alias_characters';

/** Removes accents (á → a, ñ → n) so names typed in Spanish survive ASCII-only fields. */
export function stripAccents(input: string): string {
  return input.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

/** A valid alias from a company name: ASCII letters and digits, lower case, at most 32 characters. */
export function deriveAlias(companyName: string, suffix = ''): string {
  const stopWords = new Set([
    'sa',
    'srl',
    'sas',
    'sociedad',
    'anonima',
    'de',
    'del',
    'la',
    'el',
    'y',
    'e',
    'sh',
    'sc',
    'se',
  ]);
  const words = stripAccents(companyName)
    .toLowerCase()
    .replace(/\./g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  const meaningful = words.filter((w) => !stopWords.has(w));
  const base = (meaningful.length ? meaningful : words).join('') || 'empresa';
  const tail = suffix.replace(/[^A-Za-z0-9]/g, '');
  return (base.slice(0, ALIAS_MAX - tail.length) + tail).slice(0, ALIAS_MAX);
}

export function validateAlias(
  input: string,
): { ok: true; alias: string } | { ok: false; problem: AliasProblem } {
  const alias = input.trim();
  if (alias === '') return { ok: false, problem: 'alias_empty' };
  if (alias.length > ALIAS_MAX) return { ok: false, problem: 'alias_too_long' };
  if (!ALIAS_PATTERN.test(alias)) return { ok: false, problem: 'alias_characters' };
  return { ok: true, alias };
}
