import { pick, text, type XmlValue } from '../soap/parse-soap';
import type {
  FeAssociatedVoucher,
  FeTaxLine,
  FeVatLine,
  NumberedFeVoucher,
} from './fe-cae-request';
import { errorsOf, list, parseWsfeResult, type WsfeError, type WsfeResult } from './parse-wsfe';

/** A voucher as FECompConsultar returns it: every field FECAESolicitar sent, and ARCA's verdict. */
export interface ConsultedFeVoucher extends NumberedFeVoucher {
  Resultado: string;
  /** The CAE (CodAutorizacion). */
  CodAutorizacion: string;
  /** "CAE" or "CAEA". */
  EmisionTipo: string;
  /** The CAE's expiry, yyyymmdd. */
  FchVto: string;
  FchProceso: string;
  Observaciones: WsfeError[];
}

/**
 * ARCA writes amounts as it stores them ("122", "1000000", "210000.01"); the contract writes two
 * decimals ("122.00"). Up to two decimals are padded so the two compare as strings; anything else is
 * returned as written.
 */
export function twoDecimals(amount: string): string {
  const match = /^(-?\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  return match ? `${match[1]}.${(match[2] ?? '').padEnd(2, '0')}` : amount;
}

const str = (node: XmlValue, key: string): string | undefined => text(pick(node, key));
const num = (node: XmlValue, key: string): number => Number(str(node, key));
const amount = (node: XmlValue, key: string): string => twoDecimals(str(node, key) ?? '');

function readVoucher(r: XmlValue): ConsultedFeVoucher | undefined {
  const number = num(r, 'CbteDesde');
  const pointOfSale = num(r, 'PtoVta');
  const type = num(r, 'CbteTipo');
  if (![number, pointOfSale, type].every(Number.isInteger)) return undefined;
  const optional = (key: 'FchServDesde' | 'FchServHasta' | 'FchVtoPago') => {
    const value = str(r, key);
    return value ? { [key]: value } : {};
  };
  const iva: FeVatLine[] = list(pick(r, 'Iva'), 'AlicIva').map((a) => ({
    Id: num(a, 'Id'),
    BaseImp: amount(a, 'BaseImp'),
    Importe: amount(a, 'Importe'),
  }));
  const taxes: FeTaxLine[] = list(pick(r, 'Tributos'), 'Tributo').map((t) => ({
    Id: num(t, 'Id'),
    Desc: str(t, 'Desc') ?? '',
    BaseImp: amount(t, 'BaseImp'),
    Alic: amount(t, 'Alic'),
    Importe: amount(t, 'Importe'),
  }));
  const associated: FeAssociatedVoucher[] = list(pick(r, 'CbtesAsoc'), 'CbteAsoc').map((a) => ({
    Tipo: num(a, 'Tipo'),
    PtoVta: num(a, 'PtoVta'),
    Nro: num(a, 'Nro'),
    ...(str(a, 'Cuit') ? { Cuit: str(a, 'Cuit') } : {}),
    ...(str(a, 'CbteFch') ? { CbteFch: str(a, 'CbteFch') } : {}),
  }));
  return {
    PtoVta: pointOfSale,
    CbteTipo: type,
    CbteNro: number,
    Concepto: num(r, 'Concepto') as 1 | 2 | 3,
    DocTipo: num(r, 'DocTipo'),
    DocNro: str(r, 'DocNro') ?? '',
    CbteFch: str(r, 'CbteFch') ?? '',
    ImpTotal: amount(r, 'ImpTotal'),
    ImpTotConc: amount(r, 'ImpTotConc'),
    ImpNeto: amount(r, 'ImpNeto'),
    ImpOpEx: amount(r, 'ImpOpEx'),
    ImpTrib: amount(r, 'ImpTrib'),
    ImpIVA: amount(r, 'ImpIVA'),
    ...optional('FchServDesde'),
    ...optional('FchServHasta'),
    ...optional('FchVtoPago'),
    MonId: str(r, 'MonId') ?? '',
    MonCotiz: str(r, 'MonCotiz') ?? '',
    // Vouchers from before RG 5616 (2025) have none: 0.
    CondicionIVAReceptorId: Number(str(r, 'CondicionIVAReceptorId') ?? 0),
    ...(associated.length ? { CbtesAsoc: associated } : {}),
    ...(taxes.length ? { Tributos: taxes } : {}),
    ...(iva.length ? { Iva: iva } : {}),
    Resultado: str(r, 'Resultado') ?? '',
    CodAutorizacion: str(r, 'CodAutorizacion') ?? '',
    EmisionTipo: str(r, 'EmisionTipo') ?? '',
    FchVto: str(r, 'FchVto') ?? '',
    FchProceso: str(r, 'FchProceso') ?? '',
    Observaciones: errorsOf(r, 'Observaciones', 'Obs'),
  };
}

/** FECompConsultar: the voucher, or null when ARCA has no such voucher (602). */
export function parseFeVoucher(xml: string): WsfeResult<ConsultedFeVoucher | null> {
  const result = parseWsfeResult<ConsultedFeVoucher | null>(xml, 'FECompConsultar', (r) =>
    readVoucher(pick(r, 'ResultGet')),
  );
  if (!result.ok && result.errors.length && result.errors.every((e) => e.code === 602))
    return { ok: true, value: null, events: [] };
  return result;
}
