import { pick, text, type XmlNode, type XmlValue } from '@/lib/arca';

/** A WSCT comprobanteRequest as received: values as the client wrote them, lists always arrays. */
export interface SimCtVoucher {
  fields: Record<string, string>;
  items: Record<string, string>[];
  otherTaxes: Record<string, string>[];
  vatSubtotals: Record<string, string>[];
  associated: Record<string, string>[];
}

// The order the simulator answers consultarComprobanteTipoPVentaNro in: the request's.
export const CT_FIELDS = [
  'codigoTipoComprobante',
  'numeroPuntoVenta',
  'numeroComprobante',
  'fechaEmision',
  'codigoTipoAutorizacion',
  'codigoTipoDocumento',
  'numeroDocumento',
  'idImpositivo',
  'codigoPais',
  'domicilioReceptor',
  'codigoRelacionEmisorReceptor',
  'importeGravado',
  'importeNoGravado',
  'importeExento',
  'importeOtrosTributos',
  'importeReintegro',
  'importeTotal',
  'codigoMoneda',
  'cotizacionMoneda',
  'observaciones',
] as const;

function nodes(node: XmlValue, item: string): XmlNode[] {
  const value = pick(node, item);
  const all = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return all.filter((v): v is XmlNode => !!v && typeof v === 'object' && !Array.isArray(v));
}

function leaves(node: XmlNode): Record<string, string> {
  return Object.fromEntries(
    Object.entries(node).flatMap(([k, v]) => (text(v) === undefined ? [] : [[k, text(v)!.trim()]])),
  );
}

/** The voucher of an autorizarComprobante request, or undefined when it has none. */
export function readCtRequest(request: XmlNode): SimCtVoucher | undefined {
  const c = pick(request, 'comprobanteRequest');
  if (!c || typeof c !== 'object' || Array.isArray(c)) return undefined;
  const fields: Record<string, string> = {};
  for (const key of CT_FIELDS) {
    const value = text(c[key]);
    if (value !== undefined) fields[key] = value.trim();
  }
  return {
    fields,
    items: nodes(c.arrayItems, 'item').map(leaves),
    otherTaxes: nodes(c.arrayOtrosTributos, 'otroTributo').map(leaves),
    vatSubtotals: nodes(c.arraySubtotalesIVA, 'subtotalIVA').map(leaves),
    associated: nodes(c.arrayComprobantesAsociados, 'comprobanteAsociado').map(leaves),
  };
}
