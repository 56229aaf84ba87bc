import { z } from 'zod';
import {
  CT_VOUCHER_TYPES,
  ctVoucherSchema,
  feVoucherSchema,
  numberedFeVoucherSchema,
  type CtVoucher,
  type CtVoucherType,
  type FeVoucher,
  type NumberedCtVoucher,
  type NumberedFeVoucher,
} from '@/lib/arca';
import {
  toCtVoucher,
  toFeVoucher,
  voucherClassOf,
  type InvoiceResult,
  type InvoicingSupplier,
} from '@/lib/invoice-model';

// The send protocol numbers, dates and stores every voucher by the same four fields, in WSFE's
// names: PtoVta, CbteTipo, CbteFch (yyyymmdd) and, once reserved, CbteNro. A WSFE voucher has them;
// a Factura T (WSCT, its own field names) is carried with them beside it, so the protocol and the
// store stay the same for both services and only the ARCA adapter (send-arca.ts) tells them apart.

/** A Factura T (195, 196, 197) as a send carries it: the header, and the WSCT voucher it was read from. */
export interface CtSend {
  service: 'wsct';
  PtoVta: number;
  CbteTipo: CtVoucherType;
  /** yyyymmdd: the voucher's fechaEmision, as the protocol compares dates. */
  CbteFch: string;
  ct: CtVoucher;
}
export type NumberedCtSend = CtSend & { CbteNro: number };

/** What a send carries before it is numbered: a WSFE voucher or a Factura T. */
export type SendVoucher = FeVoucher | CtSend;
/** The same with the number it is sent under. */
export type NumberedSendVoucher = NumberedFeVoucher | NumberedCtSend;

/** The ARCA web service a voucher goes to (and the WSAA service its ticket is for). */
export type VoucherService = 'wsfe' | 'wsct';

export const serviceOf = (voucher: SendVoucher): VoucherService =>
  'service' in voucher ? voucher.service : 'wsfe';

export const isCtSend = <V extends SendVoucher>(voucher: V): voucher is V & CtSend =>
  'service' in voucher;

/** A Factura T with the header derived from it: the one way a CtSend is made. */
export function ctSend(ct: CtVoucher): CtSend {
  return {
    service: 'wsct',
    PtoVta: ct.numeroPuntoVenta,
    CbteTipo: ct.codigoTipoComprobante,
    CbteFch: ct.fechaEmision.replace(/-/g, ''),
    ct,
  };
}

/** The WSCT voucher as autorizarComprobante sends it, under the number the send reserved. */
export const numberedCt = (voucher: NumberedCtSend): NumberedCtVoucher => ({
  ...voucher.ct,
  numeroComprobante: voucher.CbteNro,
});

const ctSendFields = {
  service: z.literal('wsct'),
  PtoVta: z.number().int(),
  CbteTipo: z.union(CT_VOUCHER_TYPES.map((t) => z.literal(t))),
  CbteFch: z.string().regex(/^\d{8}$/),
  ct: ctVoucherSchema,
};
// The header is derived from the voucher: stored otherwise, it is not one this code wrote.
const agrees = (v: CtSend) => {
  const derived = ctSend(v.ct);
  return (
    derived.PtoVta === v.PtoVta && derived.CbteTipo === v.CbteTipo && derived.CbteFch === v.CbteFch
  );
};
const HEADER_DISAGREES = 'the header disagrees with the WSCT voucher it carries';

/** A stored voucher without its number, either service's. */
export const sendVoucherSchema: z.ZodType<SendVoucher> = z.union([
  feVoucherSchema,
  z.strictObject(ctSendFields).refine(agrees, HEADER_DISAGREES),
]);
/** A stored voucher with its number, either service's. */
export const numberedSendVoucherSchema: z.ZodType<NumberedSendVoucher> = z.union([
  numberedFeVoucherSchema,
  z
    .strictObject({ ...ctSendFields, CbteNro: z.number().int().min(1) })
    .refine(agrees, HEADER_DISAGREES),
]);

/**
 * The voucher an invoice maps to for its service, by its class: a Factura T (195–197) to WSCT
 * (`toCtVoucher`), any other to WSFE (`toFeVoucher`).
 */
export function toSendVoucher(
  doc: unknown,
  supplier: InvoicingSupplier,
  pointOfSale: number,
): InvoiceResult<SendVoucher> {
  const docType = Number(
    (doc as { tax?: { ext?: Record<string, unknown> } } | null)?.tax?.ext?.['ar-arca-doc-type'],
  );
  if (voucherClassOf(docType)?.voucherClass !== 'T') return toFeVoucher(doc, supplier, pointOfSale);
  const mapped = toCtVoucher(doc, supplier, pointOfSale);
  return mapped.ok ? { ok: true, value: ctSend(mapped.value) } : mapped;
}
