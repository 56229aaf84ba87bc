import type { Locale } from '@/lib/i18n/routing';
import en from '@/messages/en.json';
import es from '@/messages/es.json';
import { formatCuit } from './cuit';
import type { ArcaOutcome } from './types';

type ArcaMessages = { environments: Record<string, string>; codes: Record<string, string> };
const MESSAGES: Record<Locale, ArcaMessages> = { es: es.arca, en: en.arca };
const DATE_PARAMS = new Set(['not_before', 'not_after', 'until', 'expired']);
// Written as on the supplier's constancia de inscripción (XX-XXXXXXXX-X), like the wizard's header.
const CUIT_PARAMS = new Set(['cuit', 'expected']);

/** True when a code has a message in both languages (the catalogue is closed). */
export function isKnownCode(code: string): boolean {
  return code in MESSAGES.es.codes && code in MESSAGES.en.codes;
}

/** The message for an outcome in es (Argentine voseo) or en, with dates and environments localised. */
export function explainOutcome(
  outcome: Pick<ArcaOutcome, 'code' | 'params'>,
  locale: Locale = 'es',
): string {
  const messages = MESSAGES[locale];
  const template =
    messages.codes[outcome.code] ??
    messages.codes.wsaa_unknown_fault!.replace('{fault}', outcome.code);
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = outcome.params?.[name];
    if (value === undefined) return whole;
    if (name === 'environment' || name === 'other') return messages.environments[value] ?? value;
    if (DATE_PARAMS.has(name)) return formatDate(value, locale);
    if (CUIT_PARAMS.has(name)) return formatCuit(value);
    return value;
  });
}

function formatDate(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const format = new Intl.DateTimeFormat(locale === 'es' ? 'es-AR' : 'en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'America/Argentina/Buenos_Aires',
  });
  return `${format.format(date)} (${locale === 'es' ? 'hora de Argentina' : 'Argentina time'})`;
}
