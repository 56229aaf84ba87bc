import { pick, text, type XmlNode, type XmlValue } from '@/lib/arca';

/** A FECAEDetRequest as received: values as the client wrote them (strings), lists always arrays. */
export interface SimVoucher {
  PtoVta: string;
  CbteTipo: string;
  CbteDesde: string;
  CbteHasta: string;
  Concepto?: string;
  DocTipo?: string;
  DocNro?: string;
  CbteFch?: string;
  ImpTotal?: string;
  ImpTotConc?: string;
  ImpNeto?: string;
  ImpOpEx?: string;
  ImpTrib?: string;
  ImpIVA?: string;
  FchServDesde?: string;
  FchServHasta?: string;
  FchVtoPago?: string;
  MonId?: string;
  MonCotiz?: string;
  CondicionIVAReceptorId?: string;
  CbtesAsoc: Record<string, string>[];
  Tributos: Record<string, string>[];
  Iva: { Id: string; BaseImp: string; Importe: string }[];
}

const FIELDS = [
  'Concepto',
  'DocTipo',
  'DocNro',
  'CbteDesde',
  'CbteHasta',
  'CbteFch',
  'ImpTotal',
  'ImpTotConc',
  'ImpNeto',
  'ImpOpEx',
  'ImpTrib',
  'ImpIVA',
  'FchServDesde',
  'FchServHasta',
  'FchVtoPago',
  'MonId',
  'MonCotiz',
  'CondicionIVAReceptorId',
] as const;

function items(node: XmlValue, item: string): XmlNode[] {
  const value = pick(node, item);
  const all = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return all.filter((v): v is XmlNode => !!v && typeof v === 'object' && !Array.isArray(v));
}

function leaves(node: XmlNode): Record<string, string> {
  return Object.fromEntries(
    Object.entries(node).flatMap(([k, v]) => (text(v) === undefined ? [] : [[k, text(v)!]])),
  );
}

/** FeCAEReq's CantReg and every FECAEDetRequest in the order sent, or undefined with none. */
export function readFeRequests(
  request: XmlNode,
): { count: number; vouchers: SimVoucher[] } | undefined {
  const header = pick(request, 'FeCAEReq', 'FeCabReq');
  const details = items(pick(request, 'FeCAEReq', 'FeDetReq'), 'FECAEDetRequest');
  if (!details.length) return undefined;
  return {
    count: Number(text(pick(header, 'CantReg'))),
    vouchers: details.map((detail) => readDetail(header, detail)),
  };
}

function readDetail(header: XmlValue, detail: XmlNode): SimVoucher {
  const values: Record<string, string> = {};
  for (const key of FIELDS) {
    const value = text(detail[key]);
    if (value !== undefined) values[key] = value.trim();
  }
  return {
    ...values,
    PtoVta: String(Number(text(pick(header, 'PtoVta')))),
    CbteTipo: String(Number(text(pick(header, 'CbteTipo')))),
    CbteDesde: String(Number(values.CbteDesde)),
    CbteHasta: String(Number(values.CbteHasta)),
    CbtesAsoc: items(detail.CbtesAsoc, 'CbteAsoc').map(leaves),
    Tributos: items(detail.Tributos, 'Tributo').map(leaves),
    Iva: items(detail.Iva, 'AlicIva').map((a) => ({
      Id: String(Number(text(a.Id))),
      BaseImp: text(a.BaseImp) ?? '',
      Importe: text(a.Importe) ?? '',
    })),
  };
}
