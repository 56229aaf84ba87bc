import { dropUndefined, isObject } from './json';
import { VOUCHER_TYPES, voucherClassOf } from './voucher-class';

type Json = Record<string, unknown>;

/** GOBL's bill.CorrectionOptions, as far as Argentina uses them. */
export interface CorrectionOptions {
  type: 'credit-note' | 'debit-note';
  issue_date?: string;
  series?: string;
  reason?: string;
  /** Stamps of the original (from its envelope's head) to copy into `preceding`. */
  stamps?: { prv: string; val: string }[];
  ext?: Record<string, string>;
}

export type CorrectionProblem = { path: string; code: 'not_sent' | 'doc_type_unsupported' };

// What GOBL's Correct clears or recalculates: the new document has its own number, totals and
// payments; the doc type is the corrective one of the original's class.
const NOT_COPIED = ['uuid', 'code', 'totals', 'preceding', 'complements'];

/**
 * GOBL's `bill.Invoice.Correct` for Argentina: a credit or debit note for a sent invoice, with the
 * same lines (a full correction), `preceding` naming the original (uuid, type, series, code, issue
 * date, ARCA doc type: what WSFE's CbtesAsoc needs) and the corrective doc type of the original's
 * class (A 1 → 3 or 2, B 6 → 8 or 7, C 11 → 13 or 12). Unbuilt: the caller builds it (totals).
 */
export function correctInvoiceDocument(
  original: Json,
  options: CorrectionOptions,
  today: string,
): { ok: true; doc: Json } | { ok: false; problems: CorrectionProblem[] } {
  const tax = isObject(original.tax) ? original.tax : {};
  const ext = isObject(tax.ext) ? tax.ext : {};
  const docType = typeof ext['ar-arca-doc-type'] === 'string' ? ext['ar-arca-doc-type'] : '';
  const problems: CorrectionProblem[] = [];
  if (!original.code || !docType) problems.push({ path: 'code', code: 'not_sent' });
  const known = voucherClassOf(Number(docType));
  const voucherClass = known && known.voucherClass !== 'used-goods' ? known.voucherClass : null;
  if (docType && !voucherClass)
    problems.push({ path: 'tax.ext.ar-arca-doc-type', code: 'doc_type_unsupported' });
  if (problems.length || !voucherClass) return { ok: false, problems };

  const doc: Json = Object.fromEntries(
    Object.entries(original).filter(([name]) => !NOT_COPIED.includes(name)),
  );
  const preceding = dropUndefined({
    uuid: typeof original.uuid === 'string' ? original.uuid : undefined,
    type: typeof original.type === 'string' ? original.type : 'standard',
    series: original.series,
    code: original.code,
    issue_date: original.issue_date,
    reason: options.reason,
    stamps: options.stamps?.length ? options.stamps : undefined,
    ext: { ...options.ext, 'ar-arca-doc-type': docType },
  });
  doc.type = options.type;
  if (options.series !== undefined) doc.series = options.series;
  doc.issue_date = options.issue_date ?? today;
  doc.preceding = [preceding];
  doc.tax = {
    ...tax,
    ext: { ...ext, 'ar-arca-doc-type': String(VOUCHER_TYPES[voucherClass][options.type]) },
  };
  // Advances paid on the original are not paid again by its correction (GOBL resets them).
  if (isObject(original.payment)) {
    const { advances: _advances, ...payment } = original.payment;
    doc.payment = payment;
  }
  return { ok: true, doc };
}
