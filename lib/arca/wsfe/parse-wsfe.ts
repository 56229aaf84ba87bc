import { parseSoap, pick, text, type XmlValue } from '../soap/parse-soap';
import type { ArcaOutcome } from '../types';

export interface WsfeError {
  code: number;
  message: string;
}

export type WsfeResult<T> =
  | { ok: true; value: T; events: WsfeError[] }
  | { ok: false; outcome: ArcaOutcome; errors: WsfeError[] };

// WSFE answers business errors inside the result (HTTP 200), not as SOAP faults.
const ERROR_CODES: Record<number, string> = {
  600: 'wsfe_token_invalid',
  601: 'wsfe_cuit_not_represented',
  602: 'wsfe_no_points_of_sale',
  11002: 'wsfe_point_of_sale_not_enabled',
};

export function list(node: XmlValue, item: string): XmlValue[] {
  const value = pick(node, item);
  return Array.isArray(value) ? value : value === undefined ? [] : [value];
}

export function errorsOf(
  result: XmlValue,
  wrapper: 'Errors' | 'Events' | 'Observaciones',
  item: 'Err' | 'Evt' | 'Obs',
): WsfeError[] {
  return list(pick(result, wrapper), item).map((e) => ({
    code: Number(text(pick(e, 'Code')) ?? NaN),
    message: text(pick(e, 'Msg')) ?? '',
  }));
}

function wsfeErrorOutcome(error: WsfeError): ArcaOutcome {
  const code = ERROR_CODES[error.code];
  return code
    ? { code, ok: false, params: { code: String(error.code), message: error.message } }
    : {
        code: 'wsfe_error',
        ok: false,
        params: { code: String(error.code), message: error.message.slice(0, 300) },
      };
}

/** Finds `<Method>Response/<Method>Result`, splitting errors from the value read by `read`. */
export function parseWsfeResult<T>(
  xml: string,
  method: string,
  read: (result: XmlValue) => T | undefined,
): WsfeResult<T> {
  let result: XmlValue;
  try {
    const parsed = parseSoap(xml);
    if (parsed.fault)
      return {
        ok: false,
        outcome: {
          code: 'wsfe_error',
          ok: false,
          params: { code: parsed.fault.code, message: parsed.fault.message },
        },
        errors: [],
      };
    result = pick(parsed.body, `${method}Response`, `${method}Result`);
  } catch {
    return { ok: false, outcome: { code: 'wsfe_bad_response', ok: false }, errors: [] };
  }
  if (result === undefined)
    return { ok: false, outcome: { code: 'wsfe_bad_response', ok: false }, errors: [] };
  const errors = errorsOf(result, 'Errors', 'Err');
  if (errors.length) return { ok: false, outcome: wsfeErrorOutcome(errors[0]!), errors };
  const value = read(result);
  if (value === undefined)
    return { ok: false, outcome: { code: 'wsfe_bad_response', ok: false }, errors: [] };
  return { ok: true, value, events: errorsOf(result, 'Events', 'Evt') };
}

export interface PointOfSale {
  number: number;
  /** As ARCA writes it, e.g. "CAE - Ri Iva" or "CAEA - Ri Iva". */
  emissionType: string;
  /** CAEA is tested first: "CAEA…" also starts with "CAE". */
  kind: 'CAE' | 'CAEA' | 'other';
  blocked: boolean;
  /**
   * yyyy-mm-dd when it was closed (FchBaja, yyyymmdd or yyyymmddhhmmss); FchBaja as written when
   * it is no such date; null when WSFE says "NULL" or nothing (still open).
   */
  closedOn: string | null;
  usable: boolean;
}

function readPointOfSale(node: XmlValue): PointOfSale | undefined {
  const number = Number(text(pick(node, 'Nro')));
  const emissionType = text(pick(node, 'EmisionTipo')) ?? '';
  if (!Number.isInteger(number) || number < 1) return undefined;
  const kind = /^CAEA/i.test(emissionType) ? 'CAEA' : /^CAE/i.test(emissionType) ? 'CAE' : 'other';
  const blocked = (text(pick(node, 'Bloqueado')) ?? 'N').toUpperCase() === 'S';
  const rawClosed = (text(pick(node, 'FchBaja')) ?? '').trim();
  const closedOn =
    rawClosed === '' || rawClosed.toUpperCase() === 'NULL'
      ? null
      : rawClosed.replace(/^(\d{4})(\d{2})(\d{2})(\d{6})?$/, '$1-$2-$3');
  return {
    number,
    emissionType,
    kind,
    blocked,
    closedOn,
    usable: kind === 'CAE' && !blocked && closedOn === null,
  };
}

/** FEParamGetPtosVenta: error 602 ("Sin Resultados") is an empty list, not a failure. */
export function parsePointsOfSale(xml: string): WsfeResult<PointOfSale[]> {
  const result = parseWsfeResult(xml, 'FEParamGetPtosVenta', (r) =>
    list(pick(r, 'ResultGet'), 'PtoVenta')
      .map(readPointOfSale)
      .filter((p): p is PointOfSale => !!p),
  );
  if (!result.ok && result.errors.length && result.errors.every((e) => e.code === 602))
    return { ok: true, value: [], events: [] };
  return result;
}

interface DummyStatus {
  appServer: string;
  dbServer: string;
  authServer: string;
  ok: boolean;
}

export function parseFeDummy(xml: string): WsfeResult<DummyStatus> {
  return parseWsfeResult(xml, 'FEDummy', (r) => {
    const [appServer, dbServer, authServer] = ['AppServer', 'DbServer', 'AuthServer'].map((k) =>
      text(pick(r, k)),
    );
    if (appServer === undefined || dbServer === undefined || authServer === undefined)
      return undefined;
    return {
      appServer,
      dbServer,
      authServer,
      ok: [appServer, dbServer, authServer].every((s) => s === 'OK'),
    };
  });
}

export function parseLastAuthorized(
  xml: string,
): WsfeResult<{ pointOfSale: number; voucherType: number; number: number }> {
  return parseWsfeResult(xml, 'FECompUltimoAutorizado', (r) => {
    const values = ['PtoVta', 'CbteTipo', 'CbteNro'].map((k) => Number(text(pick(r, k))));
    if (values.some((v) => !Number.isInteger(v))) return undefined;
    return { pointOfSale: values[0]!, voucherType: values[1]!, number: values[2]! };
  });
}
