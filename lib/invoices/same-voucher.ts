import type { ConsultedFeVoucher, NumberedFeVoucher } from '@/lib/arca';

const SENT_FIELDS_ARCA_MAY_ADD = [
  'CbtesAsoc',
  'Tributos',
  'Iva',
  'FchServDesde',
  'FchServHasta',
  'FchVtoPago',
] as const;

// ARCA writes numbers as it stores them ("1" or "1.000000" for MonCotiz, "122" for "122.00"): a
// decimal text is compared by its value, anything else as written.
function comparable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(comparable);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([k, v]) => [k, comparable(v)]),
    );
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  return value;
}

/**
 * Whether the voucher ARCA holds (FECompConsultar) is the one we sent: every field FECAESolicitar
 * carried, and no list or service date we did not send. ARCA's own fields (result, CAE, processing
 * date) are not part of it.
 */
export function isSameVoucher(held: ConsultedFeVoucher, sent: NumberedFeVoucher): boolean {
  const fields = Object.keys(sent) as (keyof NumberedFeVoucher)[];
  const heldAsSent = Object.fromEntries(fields.map((field) => [field, held[field]]));
  const extra = SENT_FIELDS_ARCA_MAY_ADD.some(
    (field) => !(field in sent) && held[field] !== undefined,
  );
  return !extra && JSON.stringify(comparable(heldAsSent)) === JSON.stringify(comparable(sent));
}
