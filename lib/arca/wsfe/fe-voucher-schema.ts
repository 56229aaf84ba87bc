import { z } from 'zod';
import type { FeVoucher, NumberedFeVoucher } from './fe-cae-request';

// The contract's voucher as stored (invoice_sends.voucher is JSON): read back through these before
// anything is sent or stamped from it, never cast. Strict: a field the contract does not have means
// the stored voucher is not one this code wrote.
const int = z.number().int();
const yyyymmdd = z.string().regex(/^\d{8}$/);
const amount = z.string();

const fields = {
  PtoVta: int,
  CbteTipo: int,
  Concepto: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  DocTipo: int,
  DocNro: z.string(),
  CbteFch: yyyymmdd,
  ImpTotal: amount,
  ImpTotConc: amount,
  ImpNeto: amount,
  ImpOpEx: amount,
  ImpTrib: amount,
  ImpIVA: amount,
  FchServDesde: yyyymmdd.optional(),
  FchServHasta: yyyymmdd.optional(),
  FchVtoPago: yyyymmdd.optional(),
  MonId: z.string(),
  MonCotiz: z.string(),
  CondicionIVAReceptorId: int,
  CbtesAsoc: z
    .array(
      z.strictObject({
        Tipo: int,
        PtoVta: int,
        Nro: int,
        Cuit: z.string().optional(),
        CbteFch: yyyymmdd.optional(),
      }),
    )
    .optional(),
  Tributos: z
    .array(
      z.strictObject({ Id: int, Desc: z.string(), BaseImp: amount, Alic: amount, Importe: amount }),
    )
    .optional(),
  Iva: z.array(z.strictObject({ Id: int, BaseImp: amount, Importe: amount })).optional(),
};

/** A voucher without its number, as the contract (`FeVoucher`) writes it. */
export const feVoucherSchema: z.ZodType<FeVoucher> = z.strictObject(fields);

/** A voucher with the number it was sent under. */
export const numberedFeVoucherSchema: z.ZodType<NumberedFeVoucher> = z.strictObject({
  ...fields,
  CbteNro: int.min(1),
});
