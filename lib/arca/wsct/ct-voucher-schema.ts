import { z } from 'zod';
import type { CtVoucher } from './ct-voucher';

// WSCT's voucher as stored (invoice_sends.voucher is JSON), read back through this before anything
// is sent or stamped from it, never cast; strict, as WSFE's schema is.
const int = z.number().int();
const amount = z.string().regex(/^-?\d+(\.\d+)?$/);

/** A voucher without its number, as the contract (`CtVoucher`) writes it. */
export const ctVoucherSchema: z.ZodType<CtVoucher> = z.strictObject({
  codigoTipoComprobante: z.union([z.literal(195), z.literal(196), z.literal(197)]),
  numeroPuntoVenta: int,
  fechaEmision: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  codigoTipoAutorizacion: z.literal('E'),
  codigoTipoDocumento: int,
  numeroDocumento: z.string(),
  idImpositivo: z.string(),
  codigoPais: int,
  domicilioReceptor: z.string(),
  codigoRelacionEmisorReceptor: int,
  importeGravado: amount,
  importeNoGravado: amount,
  importeExento: amount,
  importeOtrosTributos: amount.optional(),
  importeReintegro: amount,
  importeTotal: amount,
  codigoMoneda: z.string(),
  cotizacionMoneda: amount,
  observaciones: z.string().optional(),
  arrayComprobantesAsociados: z
    .array(
      z.strictObject({
        codigoTipoComprobante: int,
        numeroPuntoVenta: int,
        numeroComprobante: int,
      }),
    )
    .optional(),
  arrayItems: z.array(
    z.strictObject({
      tipo: int,
      codigoTurismo: int,
      codigo: z.string().optional(),
      descripcion: z.string(),
      codigoAlicuotaIVA: int,
      importeIVA: amount,
      importeItem: amount,
    }),
  ),
  arrayOtrosTributos: z
    .array(
      z.strictObject({
        codigo: int,
        descripcion: z.string(),
        baseImponible: amount,
        importe: amount,
      }),
    )
    .optional(),
  arraySubtotalesIVA: z.array(z.strictObject({ codigo: int, importe: amount })),
});
