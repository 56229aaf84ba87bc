import { parseSoap, pick, text, type XmlValue } from '../soap/parse-soap';
import { errorsOf, type WsfeError } from './parse-wsfe';

/**
 * What became of one FECAESolicitar. Only `approved` and `rejected` are ARCA's word; `unknown` means
 * the request may have been authorised (timeout, connection lost after sending, HTTP 5xx, an answer
 * that cannot be read): never send it again as is, reconcile with FECompUltimoAutorizado and
 * FECompConsultar first. `not_sent` means the connection was refused before anything was sent.
 */
export type CaeResult =
  | {
      status: 'approved';
      pointOfSale: number;
      voucherType: number;
      number: number;
      /** CbteHasta: equal to `number` for a one-voucher request. */
      numberTo: number;
      /** The CUIT ARCA answered for (FeCabResp's Cuit); null when the answer leaves it out. */
      cuit: string | null;
      /** CbteFch as ARCA recorded it, yyyymmdd; null when the answer leaves it out. */
      date: string | null;
      /** 14 digits. */
      cae: string;
      /** yyyymmdd */
      caeExpiry: string;
      /** FchProceso as ARCA writes it, yyyymmddhhmmss. */
      processedAt: string;
      observations: WsfeError[];
      events: WsfeError[];
    }
  | {
      status: 'rejected';
      /** Result-level Errors (10016 number not next, 11002, 600 …). */
      errors: WsfeError[];
      /** The voucher's Observaciones (10013, 10015, 10049, 10016 date …). */
      observations: WsfeError[];
      events: WsfeError[];
      /** A soap:Client fault: the server could not read the request, so it processed nothing. */
      fault?: { code: string; message: string };
    }
  | {
      status: 'unknown';
      reason: 'timeout' | 'connection_lost' | 'server_error' | 'unreadable';
      httpStatus?: number;
    }
  | { status: 'not_sent'; reason: 'unreachable' };

/**
 * ARCA's answer to a FECAESolicitar of one or more vouchers: each FECAEDetResponse read as a
 * CaeResult, in the order ARCA answered them (the order sent), a rejected one carrying the
 * result-level Errors too; or, when there are no details to read, why (a rejection of the whole
 * request, or no answer). WSFEv1's manual: a batch is processed in order; the first rejected voucher
 * stops it, and those after it come back R, not processed (the numbers must be consecutive).
 */
export type FeCaeAnswer =
  { status: 'answered'; details: CaeResult[] } | Exclude<CaeResult, { status: 'approved' }>;

const unknown = (reason: 'server_error' | 'unreadable', httpStatus: number) =>
  ({ status: 'unknown', reason, httpStatus }) as const;

function all(node: XmlValue): XmlValue[] {
  return Array.isArray(node) ? node : node === undefined ? [] : [node];
}

/** Reads ARCA's answer to a FECAESolicitar of one voucher (see CaeResult). */
export function parseFeCaeResponse(httpStatus: number, xml: string): CaeResult {
  const answer = parseFeCaeAnswer(httpStatus, xml);
  if (answer.status !== 'answered') return answer;
  return answer.details[0] ?? unknown('unreadable', httpStatus);
}

/** Reads ARCA's answer to a FECAESolicitar of one or more vouchers (see FeCaeAnswer). */
export function parseFeCaeAnswer(httpStatus: number, xml: string): FeCaeAnswer {
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
  const result = pick(parsed.body, 'FECAESolicitarResponse', 'FECAESolicitarResult');
  if (!result || typeof result !== 'object') return unknown('unreadable', httpStatus);
  const errors = errorsOf(result, 'Errors', 'Err');
  const events = errorsOf(result, 'Events', 'Evt');
  const header = pick(result, 'FeCabResp');
  const details = all(pick(result, 'FeDetResp', 'FECAEDetResponse'));
  if (!details.length) {
    const verdict = text(pick(header, 'Resultado'));
    if (verdict === 'R' || (verdict === undefined && errors.length))
      return { status: 'rejected', errors, observations: [], events };
    return unknown('unreadable', httpStatus);
  }
  return {
    status: 'answered',
    details: details.map((detail) => readDetail({ header, detail, errors, events, httpStatus })),
  };
}

function readDetail(input: {
  header: XmlValue;
  detail: XmlValue;
  errors: WsfeError[];
  events: WsfeError[];
  httpStatus: number;
}): CaeResult {
  const { header, detail, errors, events, httpStatus } = input;
  const observations = errorsOf(detail, 'Observaciones', 'Obs');
  const verdict = text(pick(detail, 'Resultado')) ?? text(pick(header, 'Resultado'));
  if (verdict === 'A') {
    const cae = text(pick(detail, 'CAE')) ?? '';
    const caeExpiry = text(pick(detail, 'CAEFchVto')) ?? '';
    const [pointOfSale, voucherType] = ['PtoVta', 'CbteTipo'].map((k) =>
      Number(text(pick(header, k))),
    );
    const number = Number(text(pick(detail, 'CbteDesde')));
    const numberTo = Number(text(pick(detail, 'CbteHasta')) ?? number);
    // An approval without a well-formed CAE cannot be relied on: treat it as unread, then reconcile.
    if (
      !/^\d{14}$/.test(cae) ||
      !/^\d{8}$/.test(caeExpiry) ||
      ![pointOfSale, voucherType, number, numberTo].every(Number.isInteger)
    )
      return unknown('unreadable', httpStatus);
    return {
      status: 'approved',
      pointOfSale: pointOfSale!,
      voucherType: voucherType!,
      number,
      numberTo,
      cuit: text(pick(header, 'Cuit')) ?? null,
      date: text(pick(detail, 'CbteFch')) ?? null,
      cae,
      caeExpiry,
      processedAt: text(pick(header, 'FchProceso')) ?? '',
      observations,
      events,
    };
  }
  if (verdict === 'R' || (verdict === undefined && errors.length))
    return { status: 'rejected', errors, observations, events };
  return unknown('unreadable', httpStatus);
}
