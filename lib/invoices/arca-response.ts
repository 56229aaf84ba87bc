import type { Entry } from '@/lib/silo';

export const ARCA_RESPONSE = { src: 'gov-ar', key: 'arca-response' } as const;

export interface ArcaMessage {
  code: string;
  message: string;
}

/** What ARCA answered to FECAESolicitar, as the send step keeps it in the entry's meta. */
export interface ArcaResponse {
  result: 'A' | 'R' | null;
  observations: ArcaMessage[];
  errors: ArcaMessage[];
  voucherType: number | null;
  pointOfSale: number | null;
  number: number | null;
  cae: string | null;
  caeExpiry: string | null;
}

function messages(value: unknown): ArcaMessage[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((m): m is Record<string, unknown> => m !== null && typeof m === 'object')
    .map((m) => ({ code: String(m.code ?? ''), message: String(m.message ?? '') }));
}

const numberOrNull = (value: unknown) =>
  typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value))
    ? Number(value)
    : null;
const textOrNull = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : null;

/** The entry's gov-ar/arca-response meta record, read defensively (it is stored JSON); null when absent. */
export function arcaResponseOf(entry: Pick<Entry, 'meta'>): ArcaResponse | null {
  const meta = entry.meta.find((m) => m.src === ARCA_RESPONSE.src && m.key === ARCA_RESPONSE.key);
  if (!meta || meta.value === null || typeof meta.value !== 'object') return null;
  const v = meta.value as Record<string, unknown>;
  return {
    result: v.result === 'A' || v.result === 'R' ? v.result : null,
    observations: messages(v.observations),
    errors: messages(v.errors),
    voucherType: numberOrNull(v.voucher_type),
    pointOfSale: numberOrNull(v.point_of_sale),
    number: numberOrNull(v.number),
    cae: textOrNull(v.cae),
    caeExpiry: textOrNull(v.cae_expiry),
  };
}
