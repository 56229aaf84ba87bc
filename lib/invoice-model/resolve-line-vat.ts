import { vatRateId, vatRatePercent } from './vat-rate-id';
import type { GoblLine } from './invoice-schema';
import type { InvoiceProblem, InvoiceResult } from './invoice-problem';

/** How one line is treated for IVA: taxed at a rate, exempt, not taxed (outside scope), or no VAT at all. */
export type LineVat =
  | { kind: 'taxed'; percent: string; rateId: number }
  | { kind: 'exempt' }
  | { kind: 'not-taxed' }
  | { kind: 'none' };

// GOBL's Argentine rate keys; 5 % and 2.5 % have none and are given by percent or `ar-arca-vat-rate`.
const RATE_KEY_PERCENT: Record<string, string> = {
  zero: '0',
  reduced: '10.5',
  general: '21',
  standard: '21',
  increased: '27',
};

/** Reads a line's VAT combo: key, rate key, percent and `ar-arca-vat-rate` must agree. */
export function resolveLineVat(line: GoblLine, lineIndex: number): InvoiceResult<LineVat> {
  const combos = line.taxes ?? [];
  if (combos.length === 0) return { ok: true, value: { kind: 'none' } };
  const at = (j: number, field?: string) =>
    `lines[${lineIndex}].taxes[${j}]${field ? `.${field}` : ''}`;
  if (combos.length > 1) return { ok: false, problems: [{ path: at(1), code: 'invalid_value' }] };
  const combo = combos[0]!;
  if (combo.key === 'exempt') return { ok: true, value: { kind: 'exempt' } };
  if (combo.key === 'outside-scope') return { ok: true, value: { kind: 'not-taxed' } };

  const claims: [string, string][] = [];
  if (combo.key === 'zero') claims.push(['key', '0']);
  if (combo.rate !== undefined) {
    const ratePercent = RATE_KEY_PERCENT[combo.rate];
    if (ratePercent === undefined)
      return { ok: false, problems: [{ path: at(0, 'rate'), code: 'vat_rate_unsupported' }] };
    claims.push(['rate', ratePercent]);
  }
  if (combo.percent !== undefined) claims.push(['percent', combo.percent.trim().replace(/%$/, '')]);
  const extCode = combo.ext?.['ar-arca-vat-rate'];
  if (extCode !== undefined)
    claims.push(['ext.ar-arca-vat-rate', vatRatePercent(Number(extCode))!]);
  if (claims.length === 0)
    return { ok: false, problems: [{ path: at(0, 'percent'), code: 'required' }] };

  const problems: InvoiceProblem[] = [];
  const rateId = vatRateId(claims[0]![1]);
  if (rateId === undefined)
    problems.push({ path: at(0, claims[0]![0]), code: 'vat_rate_unsupported' });
  for (const [field, percent] of claims.slice(1)) {
    if (vatRateId(percent) !== rateId)
      problems.push({ path: at(0, field), code: 'vat_rate_mismatch' });
  }
  if (problems.length > 0 || rateId === undefined) return { ok: false, problems };
  return { ok: true, value: { kind: 'taxed', percent: vatRatePercent(rateId)!, rateId } };
}
