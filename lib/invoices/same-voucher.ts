import type {
  ConsultedCtVoucher,
  ConsultedFeVoucher,
  NumberedCtVoucher,
  NumberedFeVoucher,
} from '@/lib/arca';

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

// The order of a list's lines and a tax line's description carry no amount: ARCA may answer the
// lines in its own order and has been recorded answering a Tributo's Desc blank.
const LISTS = ['CbtesAsoc', 'Tributos', 'Iva'] as const;
function asCompared(voucher: Record<string, unknown>, blankDescs: Set<number>): unknown {
  const lines = (list: unknown, name: (typeof LISTS)[number]) =>
    Array.isArray(list)
      ? list
          .map((line: Record<string, unknown>) =>
            name === 'Tributos' && blankDescs.has(Number(line.Id))
              ? { ...line, Desc: undefined }
              : line,
          )
          .map((line) => JSON.stringify(comparable(line)))
          .sort()
      : list;
  const value = comparable(voucher) as Record<string, unknown>;
  for (const list of LISTS) if (list in voucher) value[list] = lines(voucher[list], list);
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
  const blankDescs = new Set(
    (held.Tributos ?? []).filter((t) => !String(t.Desc ?? '').trim()).map((t) => Number(t.Id)),
  );
  return (
    !extra &&
    JSON.stringify(asCompared(heldAsSent, blankDescs)) ===
      JSON.stringify(asCompared({ ...sent }, blankDescs))
  );
}

/**
 * Whether the Factura T ARCA holds (consultarComprobanteTipoPVentaNro) is the one we sent: every
 * field autorizarComprobante carried, lists in the order sent, and no field we did not send. Its CAE
 * and expiry are ARCA's own.
 */
export function isSameCtVoucher(held: ConsultedCtVoucher, sent: NumberedCtVoucher): boolean {
  const { codigoAutorizacion: _cae, fechaVencimiento: _expiry, ...asSent } = held;
  return JSON.stringify(comparable(asSent)) === JSON.stringify(comparable(sent));
}
