import type { Entry } from '@/lib/silo';

/** ARCA's stamps on an approved invoice (`head.stamps` of the envelope). */
export const STAMP = { cae: 'arca-cae', caeExpiry: 'arca-cae-expiry', qr: 'arca-qr' } as const;

export interface Stamp {
  prv: string;
  val: string;
}

const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** The invoice document of an entry: the envelope's `doc`, or the data itself when stored bare. */
export function invoiceDocOf(entry: Pick<Entry, 'data'>): Record<string, unknown> {
  return entry.data.doc === undefined ? entry.data : record(entry.data.doc);
}

export function stampsOf(entry: Pick<Entry, 'data'>): Stamp[] {
  const stamps = record(entry.data.head).stamps;
  if (!Array.isArray(stamps)) return [];
  return stamps
    .map(record)
    .filter((s) => typeof s.prv === 'string' && typeof s.val === 'string')
    .map((s) => ({ prv: s.prv as string, val: s.val as string }));
}

export const stampValue = (stamps: Stamp[], prv: string): string | null =>
  stamps.find((s) => s.prv === prv)?.val ?? null;

/** A field of the document by path, as text when it is a string or a number. */
export function docText(doc: Record<string, unknown>, ...path: string[]): string | null {
  let here: unknown = doc;
  for (const key of path) here = record(here)[key];
  return typeof here === 'string' || typeof here === 'number' ? String(here) : null;
}
