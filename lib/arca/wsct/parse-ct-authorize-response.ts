import { parseSoap, pick, text } from '../soap/parse-soap';
import { wsctErrors, wsctEvents, wsctObservations, type WsctMessage } from './parse-wsct';

/**
 * What became of one autorizarComprobante, classified as WSFE's CaeResult is: only `approved` and
 * `rejected` are ARCA's word; `unknown` may hide an authorised voucher (reconcile with
 * consultarUltimoComprobanteAutorizado and consultarComprobanteTipoPVentaNro before sending again);
 * `not_sent` means nothing reached ARCA.
 */
export type CtResult =
  | {
      status: 'approved';
      /** "A", or "O" (approved with observations). */
      verdict: 'A' | 'O';
      pointOfSale: number;
      voucherType: number;
      number: number;
      /** The CUIT ARCA answered for; null when the answer leaves it out. */
      cuit: string | null;
      /** fechaEmision as ARCA recorded it, yyyy-mm-dd; null when left out. */
      date: string | null;
      /** 14 digits. */
      cae: string;
      /** yyyy-mm-dd */
      caeExpiry: string;
      observations: WsctMessage[];
      events: WsctMessage[];
    }
  | {
      status: 'rejected';
      errors: WsctMessage[];
      observations: WsctMessage[];
      events: WsctMessage[];
      /** A Client fault: the server could not read the request, so it processed nothing. */
      fault?: { code: string; message: string };
    }
  | {
      status: 'unknown';
      reason: 'timeout' | 'connection_lost' | 'server_error' | 'unreadable';
      httpStatus?: number;
    }
  | { status: 'not_sent'; reason: 'unreachable' };

const unknown = (reason: 'server_error' | 'unreadable', httpStatus: number): CtResult => ({
  status: 'unknown',
  reason,
  httpStatus,
});

// ARCA's Java services write dates as xsd:date, sometimes with a zone ("2026-08-15-03:00").
const isoDay = (value: string | undefined) => /^(\d{4}-\d{2}-\d{2})/.exec(value ?? '')?.[1];

/** Reads ARCA's answer to one autorizarComprobante (see CtResult). */
export function parseCtAuthorizeResponse(httpStatus: number, xml: string): CtResult {
  let parsed: ReturnType<typeof parseSoap>;
  try {
    parsed = parseSoap(xml);
  } catch {
    return unknown(httpStatus >= 500 ? 'server_error' : 'unreadable', httpStatus);
  }
  if (parsed.fault) {
    if (/^Client$/i.test(parsed.fault.code.replace(/^.*:/, '')))
      return { status: 'rejected', errors: [], observations: [], events: [], fault: parsed.fault };
    return unknown('server_error', httpStatus);
  }
  if (httpStatus !== 200) return unknown('server_error', httpStatus);
  const result = pick(parsed.body, 'autorizarComprobanteResponse', 'autorizarComprobanteReturn');
  if (!result || typeof result !== 'object') return unknown('unreadable', httpStatus);
  const errors = wsctErrors(result);
  const observations = wsctObservations(result);
  const events = wsctEvents(result);
  const verdict = text(pick(result, 'resultado'));
  if (verdict === 'A' || verdict === 'O') {
    const answer = pick(result, 'comprobanteResponse');
    const cae = text(pick(answer, 'CAE')) ?? '';
    const caeExpiry = isoDay(text(pick(answer, 'fechaVencimientoCAE')));
    const [pointOfSale, voucherType, number] = [
      'numeroPuntoVenta',
      'codigoTipoComprobante',
      'numeroComprobante',
    ].map((k) => Number(text(pick(answer, k))));
    // An approval without a well-formed CAE cannot be relied on: read it as unread, then reconcile.
    if (
      !/^\d{14}$/.test(cae) ||
      !caeExpiry ||
      ![pointOfSale, voucherType, number].every(Number.isInteger)
    )
      return unknown('unreadable', httpStatus);
    return {
      status: 'approved',
      verdict,
      pointOfSale: pointOfSale!,
      voucherType: voucherType!,
      number: number!,
      cuit: text(pick(answer, 'cuit')) ?? null,
      date: isoDay(text(pick(answer, 'fechaEmision'))) ?? null,
      cae,
      caeExpiry,
      observations,
      events,
    };
  }
  if (verdict === 'R' || (verdict === undefined && errors.length))
    return { status: 'rejected', errors, observations, events };
  return unknown('unreadable', httpStatus);
}
