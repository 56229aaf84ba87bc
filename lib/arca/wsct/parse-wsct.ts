import { parseSoap, pick, text, type XmlValue } from '../soap/parse-soap';
import type { ArcaOutcome } from '../types';

/**
 * One message of WSCT: business errors, observations and events are `codigoDescripcion` (a numeric
 * code), schema errors `codigoDescripcionString` (e.g. "cvc-minInclusive-valid"): codes are kept as
 * written.
 */
export interface WsctMessage {
  code: string;
  message: string;
}

export type WsctResult<T> =
  | { ok: true; value: T; events: WsctMessage[] }
  | { ok: false; outcome: ArcaOutcome; errors: WsctMessage[] };

/** A repeated child as a list, whether the parser made it one element or an array. */
export function listOf(node: XmlValue, item: string): XmlValue[] {
  const value = pick(node, item);
  return Array.isArray(value) ? value : value === undefined ? [] : [value];
}

const message = (node: XmlValue): WsctMessage => ({
  code: (text(pick(node, 'codigo')) ?? '').trim(),
  // ARCA's answers wrap long texts over lines; one line reads as ARCA meant it.
  message: (text(pick(node, 'descripcion')) ?? '').replace(/\s+/g, ' ').trim(),
});

/** arrayErrores (business) and arrayErroresFormato (the request broke the WSDL's schema). */
export function wsctErrors(result: XmlValue): WsctMessage[] {
  return [
    ...listOf(pick(result, 'arrayErrores'), 'codigoDescripcion').map(message),
    ...listOf(pick(result, 'arrayErroresFormato'), 'codigoDescripcionString').map(message),
  ];
}

export function wsctObservations(result: XmlValue): WsctMessage[] {
  return listOf(pick(result, 'arrayObservaciones'), 'codigoDescripcion').map(message);
}

export function wsctEvents(result: XmlValue): WsctMessage[] {
  return listOf(result, 'evento').map(message);
}

const failure = (code: string, errors: WsctMessage[] = [], params?: Record<string, string>) => ({
  ok: false as const,
  outcome: { code, ok: false, ...(params ? { params } : {}) },
  errors,
});

/**
 * Finds `<method>Response/<returnName>` (WSCT names the return after the operation, except
 * consultarComprobanteTipoPVentaNro's `consultarComprobanteReturn`), splitting errors from the
 * value `read` takes. Outcome codes are the WSFE ones (`wsfe_error` names ARCA's code and text).
 */
export function parseWsctResult<T>(
  xml: string,
  method: string,
  returnName: string,
  read: (result: XmlValue) => T | undefined,
): WsctResult<T> {
  let result: XmlValue;
  try {
    const parsed = parseSoap(xml);
    if (parsed.fault)
      return failure('wsfe_error', [], {
        code: parsed.fault.code,
        message: parsed.fault.message.slice(0, 300),
      });
    result = pick(parsed.body, `${method}Response`, returnName);
  } catch {
    return failure('wsfe_bad_response');
  }
  if (result === undefined) return failure('wsfe_bad_response');
  const errors = wsctErrors(result);
  if (errors.length)
    return failure('wsfe_error', errors, {
      code: errors[0]!.code,
      message: errors[0]!.message.slice(0, 300),
    });
  const value = read(result);
  if (value === undefined) return failure('wsfe_bad_response');
  return { ok: true, value, events: wsctEvents(result) };
}

/** consultarUltimoComprobanteAutorizado: the last number (0 when the answer has none yet). */
export function parseCtLastAuthorized(xml: string): WsctResult<number> {
  return parseWsctResult(
    xml,
    'consultarUltimoComprobanteAutorizado',
    'consultarUltimoComprobanteAutorizadoReturn',
    (r) => {
      const raw = text(pick(r, 'numeroComprobante'));
      if (raw === undefined) return 0;
      const number = Number(raw);
      return Number.isInteger(number) && number >= 0 ? number : undefined;
    },
  );
}

export interface CtCatalogueEntry {
  code: string;
  description: string;
}

/** The consultar* catalogues: each row a codigoDescripcion (numeric) or codigoDescripcionString. */
export const CT_CATALOGUES = {
  consultarTiposComprobantes: 'arrayTiposComprobantes',
  consultarTiposDocumento: 'arrayTiposDocumento',
  consultarTiposIVA: 'arrayTiposIVA',
  consultarCondicionesIVA: 'arrayCondicionesIVA',
  consultarCodigosItemTurismo: 'arrayCodigosItem',
} as const;
export type CtCatalogueMethod = keyof typeof CT_CATALOGUES;

export function parseCtCatalogue(
  xml: string,
  method: CtCatalogueMethod,
): WsctResult<CtCatalogueEntry[]> {
  return parseWsctResult(xml, method, `${method}Return`, (r) => {
    const rows = listOf(pick(r, CT_CATALOGUES[method]), 'codigoDescripcion')
      .concat(listOf(pick(r, CT_CATALOGUES[method]), 'codigoDescripcionString'))
      .map(message)
      .map((row) => ({ code: row.code, description: row.message }));
    return rows.every((row) => row.code !== '') ? rows : undefined;
  });
}
