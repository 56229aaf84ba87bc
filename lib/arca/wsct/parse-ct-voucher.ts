import { pick, text, type XmlValue } from '../soap/parse-soap';
import { twoDecimals } from '../wsfe/parse-fe-voucher';
import type { CtVoucherType, NumberedCtVoucher } from './ct-voucher';
import { listOf, parseWsctResult, type WsctResult } from './parse-wsct';

/** A voucher as consultarComprobanteTipoPVentaNro returns it: what was sent, and its CAE. */
export interface ConsultedCtVoucher extends NumberedCtVoucher {
  /** The CAE (codigoAutorizacion). */
  codigoAutorizacion: string;
  /** The CAE's expiry, yyyy-mm-dd (fechaVencimiento). */
  fechaVencimiento: string;
}

const str = (node: XmlValue, key: string) => text(pick(node, key))?.trim();
const num = (node: XmlValue, key: string) => Number(str(node, key));
// Amounts padded to two decimals ("100" → "100.00"), so they compare with what was sent.
const amount = (node: XmlValue, key: string) => twoDecimals(str(node, key) ?? '');
const day = (node: XmlValue, key: string) => (str(node, key) ?? '').slice(0, 10);

function readVoucher(c: XmlValue): ConsultedCtVoucher | undefined {
  const [type, pointOfSale, number] = [
    'codigoTipoComprobante',
    'numeroPuntoVenta',
    'numeroComprobante',
  ].map((k) => num(c, k));
  if (![type, pointOfSale, number].every(Number.isInteger)) return undefined;
  const otherTaxes = listOf(pick(c, 'arrayOtrosTributos'), 'otroTributo').map((t) => ({
    codigo: num(t, 'codigo'),
    descripcion: str(t, 'descripcion') ?? '',
    baseImponible: amount(t, 'baseImponible'),
    importe: amount(t, 'importe'),
  }));
  const associated = listOf(pick(c, 'arrayComprobantesAsociados'), 'comprobanteAsociado').map(
    (a) => ({
      codigoTipoComprobante: num(a, 'codigoTipoComprobante'),
      numeroPuntoVenta: num(a, 'numeroPuntoVenta'),
      numeroComprobante: num(a, 'numeroComprobante'),
    }),
  );
  const optional = (key: 'importeOtrosTributos' | 'observaciones') => {
    const value = str(c, key);
    if (value === undefined || value === '') return {};
    return { [key]: key === 'observaciones' ? value : twoDecimals(value) };
  };
  return {
    codigoTipoComprobante: type as CtVoucherType,
    numeroPuntoVenta: pointOfSale!,
    numeroComprobante: number!,
    fechaEmision: day(c, 'fechaEmision'),
    codigoTipoAutorizacion: 'E',
    codigoTipoDocumento: num(c, 'codigoTipoDocumento'),
    numeroDocumento: str(c, 'numeroDocumento') ?? '',
    idImpositivo: str(c, 'idImpositivo') ?? '',
    codigoPais: num(c, 'codigoPais'),
    domicilioReceptor: str(c, 'domicilioReceptor') ?? '',
    codigoRelacionEmisorReceptor: num(c, 'codigoRelacionEmisorReceptor'),
    importeGravado: amount(c, 'importeGravado'),
    importeNoGravado: amount(c, 'importeNoGravado'),
    importeExento: amount(c, 'importeExento'),
    ...optional('importeOtrosTributos'),
    importeReintegro: amount(c, 'importeReintegro'),
    importeTotal: amount(c, 'importeTotal'),
    codigoMoneda: str(c, 'codigoMoneda') ?? '',
    cotizacionMoneda: str(c, 'cotizacionMoneda') ?? '',
    ...optional('observaciones'),
    ...(associated.length ? { arrayComprobantesAsociados: associated } : {}),
    arrayItems: listOf(pick(c, 'arrayItems'), 'item').map((i) => ({
      tipo: num(i, 'tipo'),
      codigoTurismo: num(i, 'codigoTurismo'),
      ...(str(i, 'codigo') ? { codigo: str(i, 'codigo') } : {}),
      descripcion: str(i, 'descripcion') ?? '',
      codigoAlicuotaIVA: num(i, 'codigoAlicuotaIVA'),
      importeIVA: amount(i, 'importeIVA'),
      importeItem: amount(i, 'importeItem'),
    })),
    ...(otherTaxes.length ? { arrayOtrosTributos: otherTaxes } : {}),
    arraySubtotalesIVA: listOf(pick(c, 'arraySubtotalesIVA'), 'subtotalIVA').map((s) => ({
      codigo: num(s, 'codigo'),
      importe: amount(s, 'importe'),
    })),
    codigoAutorizacion: str(c, 'codigoAutorizacion') ?? '',
    fechaVencimiento: day(c, 'fechaVencimiento'),
  };
}

/** WSCT's "no results" (the simulator's own code: ARCA's is not recorded). */
export const CT_NOT_FOUND = '602';

/** consultarComprobanteTipoPVentaNro: the voucher, or null when ARCA has no such voucher. */
export function parseCtVoucher(xml: string): WsctResult<ConsultedCtVoucher | null> {
  const result = parseWsctResult<ConsultedCtVoucher | null>(
    xml,
    'consultarComprobanteTipoPVentaNro',
    'consultarComprobanteReturn',
    (r) => readVoucher(pick(r, 'comprobante')),
  );
  if (!result.ok && result.errors.length && result.errors.every((e) => e.code === CT_NOT_FOUND))
    return { ok: true, value: null, events: [] };
  return result;
}
