import { pick, text, type XmlValue } from '../soap/parse-soap';
import { list, parseWsfeResult, type WsfeResult } from './parse-wsfe';

/** One row of an FEParamGet* catalogue. */
export interface FeCatalogueEntry<Id extends number | string = number> {
  id: Id;
  description: string;
  /** yyyymmdd */
  validFrom: string;
  /** yyyymmdd, or null while in force (ARCA writes "NULL"). */
  validTo: string | null;
}

export const FE_CATALOGUES = {
  FEParamGetTiposCbte: 'CbteTipo',
  FEParamGetTiposDoc: 'DocTipo',
  FEParamGetTiposIva: 'IvaTipo',
  FEParamGetTiposMonedas: 'Moneda',
  FEParamGetTiposConcepto: 'ConceptoTipo',
} as const;
export type FeCatalogueMethod = keyof typeof FE_CATALOGUES;

function readEntry<Id extends number | string>(
  node: XmlValue,
  id: (raw: string) => Id,
): FeCatalogueEntry<Id> | undefined {
  const raw = text(pick(node, 'Id'));
  const description = text(pick(node, 'Desc'));
  if (raw === undefined || description === undefined) return undefined;
  const to = text(pick(node, 'FchHasta')) ?? '';
  return {
    id: id(raw),
    description,
    validFrom: text(pick(node, 'FchDesde')) ?? '',
    validTo: to === '' || to.toUpperCase() === 'NULL' ? null : to,
  };
}

/** An FEParamGet* catalogue; ids are numbers except currencies ("PES", "DOL", "060" …). */
export function parseFeCatalogue(
  xml: string,
  method: 'FEParamGetTiposMonedas',
): WsfeResult<FeCatalogueEntry<string>[]>;
export function parseFeCatalogue(
  xml: string,
  method: Exclude<FeCatalogueMethod, 'FEParamGetTiposMonedas'>,
): WsfeResult<FeCatalogueEntry<number>[]>;
export function parseFeCatalogue(
  xml: string,
  method: FeCatalogueMethod,
): WsfeResult<FeCatalogueEntry<number | string>[]> {
  const id =
    method === 'FEParamGetTiposMonedas' ? (raw: string) => raw : (raw: string) => Number(raw);
  return parseWsfeResult(xml, method, (r) => {
    const rows = list(pick(r, 'ResultGet'), FE_CATALOGUES[method]).map((n) =>
      readEntry<number | string>(n, id),
    );
    return rows.every(
      (e) => e !== undefined && (typeof e.id === 'string' || Number.isInteger(e.id)),
    )
      ? (rows as FeCatalogueEntry<number | string>[])
      : undefined;
  });
}

export interface FeExchangeRate {
  currency: string;
  rate: string;
  /** yyyymmdd */
  date: string;
}

/** FEParamGetCotizacion: the rate as ARCA writes it ("1155.114"), a string so no digit is lost. */
export function parseFeExchangeRate(xml: string): WsfeResult<FeExchangeRate> {
  return parseWsfeResult(xml, 'FEParamGetCotizacion', (r) => {
    const [currency, rate, date] = ['MonId', 'MonCotiz', 'FchCotiz'].map((k) =>
      text(pick(r, 'ResultGet', k)),
    );
    return currency && rate && date ? { currency, rate, date } : undefined;
  });
}

export interface FeReceiverVatCondition {
  id: number;
  description: string;
  /** The voucher classes it may receive, as ARCA writes them: "A/ALEY/C", "B/C", "C/49" … */
  voucherClasses: string;
}

/** FEParamGetCondicionIvaReceptor: the receiver's IVA conditions (for one voucher class when asked). */
export function parseFeReceiverVatConditions(xml: string): WsfeResult<FeReceiverVatCondition[]> {
  return parseWsfeResult(xml, 'FEParamGetCondicionIvaReceptor', (r) => {
    const rows = list(pick(r, 'ResultGet'), 'CondicionIvaReceptor').map((n) => ({
      id: Number(text(pick(n, 'Id'))),
      description: text(pick(n, 'Desc')) ?? '',
      voucherClasses: text(pick(n, 'Cmp_Clase')) ?? '',
    }));
    return rows.every((c) => Number.isInteger(c.id)) ? rows : undefined;
  });
}
