import 'server-only';
import type { Db } from '@/lib/db';
import { type ArcaEnvironment, parseSoap, pick, text, type XmlNode } from '@/lib/arca';
import {
  checkFeVoucher,
  RECEIVER_CONDITIONS_BY_CLASS,
  voucherClass,
  WSFE_MESSAGES,
  type WsfeMessage,
} from './check-fe-voucher';
import { authenticateSim } from './authenticate-sim';
import { issueSimVoucher } from './issue-sim-voucher';
import { findSimInvoice, lastSimNumber } from './sim-invoices';
import { simPointsOfSale } from './sim-points-of-sale';
import { readFeRequests, type SimVoucher } from './read-fe-request';
import { authorizeFeBatch, VOUCHERS_PER_REQUEST } from './authorize-fe-batch';
import { soapClientFault, soapServerFault, wsfeErrors, wsfeResponse } from './soap-responses';
import { usablePointOfSale } from './usable-point-of-sale';
import { takeWsfeFault } from './wsfe-faults';
import {
  caeResult,
  catalogueResult,
  consultResult,
  isCatalogueMethod,
  receiverConditionsResult,
} from './wsfe-invoicing-responses';

const AMBIENTE: Record<ArcaEnvironment, string> = {
  sandbox: 'HomologacionExterno - simulador',
  live: 'ProduccionExterno - simulador',
};
const NOT_ENABLED = { code: 11002, message: WSFE_MESSAGES[11002] };
const WSCT_TYPES = [195, 196, 197];
// As recorded on 2026-08-17 (FEParamGetCotizacion); dated the day before the request, as ARCA does.
const EXCHANGE_RATES: Record<string, string> = { DOL: '1155.114', '060': '1183.4728' };
const AUTHENTICATED = [
  'FEParamGetPtosVenta',
  'FECompUltimoAutorizado',
  'FECAESolicitar',
  'FECompConsultar',
  'FECompTotXRequest',
  'FEParamGetCotizacion',
  'FEParamGetCondicionIvaReceptor',
];

/** holdMs: keep the connection open that long before answering (an injected timeout). */
export type WsfeAnswer = { status: number; body: string; holdMs?: number };

/** Argentina's clock (UTC−3, no daylight saving) as yyyymmdd and yyyymmddhhmmss. */
function argentinaStamp(now: Date): { day: string; time: string } {
  const time = new Date(now.getTime() - 3 * 3_600_000)
    .toISOString()
    .replace(/\D/g, '')
    .slice(0, 14);
  return { day: time.slice(0, 8), time };
}

/** The simulated WSFEv1: the calls the product makes, with WSFE's answers and error codes. */
export async function handleWsfe(
  db: Db,
  environment: ArcaEnvironment,
  xml: string,
  now: Date,
): Promise<WsfeAnswer> {
  let body: XmlNode;
  try {
    body = parseSoap(xml).body;
  } catch {
    return { status: 500, body: soapClientFault('Server was unable to read request.') };
  }
  const method = Object.keys(body)[0] ?? '';
  const respond = (result: string): WsfeAnswer => ({
    status: 200,
    body: wsfeResponse(method, result, AMBIENTE[environment], now),
  });
  if (method === 'FEDummy')
    return respond('<AppServer>OK</AppServer><DbServer>OK</DbServer><AuthServer>OK</AuthServer>');
  if (!AUTHENTICATED.includes(method) && !isCatalogueMethod(method))
    return {
      status: 500,
      body: soapClientFault(
        `Server did not recognize the value of HTTP Header SOAPAction: ${method}.`,
      ),
    };
  const request = body[method] as XmlNode;
  const auth = await authenticateSim(
    db,
    environment,
    'wsfe',
    {
      token: text(pick(request, 'Auth', 'Token')) ?? '',
      sign: text(pick(request, 'Auth', 'Sign')) ?? '',
      cuit: text(pick(request, 'Auth', 'Cuit')) ?? '',
    },
    now,
  );
  if ('code' in auth) return respond(wsfeErrors([auth]));
  const { cuit } = auth;

  if (isCatalogueMethod(method)) return respond(catalogueResult(method));
  if (method === 'FEParamGetCondicionIvaReceptor') {
    const wanted = (text(pick(request, 'ClaseCmp')) ?? '').trim().toUpperCase();
    const allowed = wanted
      ? (RECEIVER_CONDITIONS_BY_CLASS as Record<string, readonly number[] | undefined>)[wanted]
      : undefined;
    if (wanted && !allowed)
      return respond(wsfeErrors([{ code: 602, message: WSFE_MESSAGES[602] }]));
    return respond(receiverConditionsResult(allowed, wanted));
  }
  if (method === 'FEParamGetCotizacion') {
    const currency = (text(pick(request, 'MonId')) ?? '').trim().toUpperCase();
    const rate = EXCHANGE_RATES[currency];
    if (!rate) return respond(wsfeErrors([{ code: 602, message: WSFE_MESSAGES[602] }]));
    const day = argentinaStamp(new Date(now.getTime() - 86_400_000)).day;
    return respond(
      `<ResultGet><MonId>${currency}</MonId><MonCotiz>${rate}</MonCotiz><FchCotiz>${day}</FchCotiz></ResultGet>`,
    );
  }
  if (method === 'FECompConsultar') return respond(await consult(db, environment, cuit, request));
  if (method === 'FECompTotXRequest') return respond(`<RegXReq>${VOUCHERS_PER_REQUEST}</RegXReq>`);

  const points = await simPointsOfSale(db, environment, cuit);
  const webService = points
    .filter((p) => p.emissionType.startsWith('CAE'))
    .sort((a, b) => a.number - b.number);
  if (method === 'FEParamGetPtosVenta') {
    if (!webService.length)
      return respond(
        wsfeErrors([{ code: 602, message: 'Sin Resultados: - Metodo FEParamGetPtosVenta' }]),
      );
    const items = webService.map(
      (p) =>
        `<PtoVenta><Nro>${p.number}</Nro><EmisionTipo>${p.emissionType}</EmisionTipo><Bloqueado>${p.blocked ? 'S' : 'N'}</Bloqueado><FchBaja>${p.closedOn ?? 'NULL'}</FchBaja></PtoVenta>`,
    );
    return respond(`<ResultGet>${items.join('')}</ResultGet>`);
  }

  const usable = (number: number, issuing: boolean) =>
    usablePointOfSale(points, environment, number, issuing);

  if (method === 'FECompUltimoAutorizado') {
    const number = Number(text(pick(request, 'PtoVta')));
    const type = Number(text(pick(request, 'CbteTipo')));
    if (!usable(number, false)) return respond(wsfeErrors([NOT_ENABLED]));
    const last = Number.isInteger(type)
      ? await lastSimNumber(db, environment, cuit, number, type)
      : 0;
    return respond(
      `<PtoVta>${number}</PtoVta><CbteTipo>${Number.isInteger(type) ? type : 0}</CbteTipo><CbteNro>${last}</CbteNro>`,
    );
  }

  // FECAESolicitar
  const read = readFeRequests(request);
  if (!read) return { status: 500, body: soapClientFault('Server was unable to read request.') };
  const stamp = argentinaStamp(now);
  const [voucher] = read.vouchers as [SimVoucher];
  if (read.count !== 1 || read.vouchers.length !== 1) {
    const batch = await authorizeFeBatch(db, {
      environment,
      cuit,
      refusal: usable(Number(voucher.PtoVta), true) ? undefined : NOT_ENABLED,
      count: read.count,
      vouchers: read.vouchers,
      day: stamp.day,
      processedAt: stamp.time,
      now,
      notesFor: (v) => approvalObservations(environment, v),
    });
    return answerFault(respond(batch));
  }
  const answer = (input: {
    approved?: { cae: string; caeExpiry: string };
    observations?: WsfeMessage[];
    errors?: WsfeMessage[];
  }) =>
    respond(
      caeResult({ cuit, voucher, processedAt: stamp.time, observations: [], errors: [], ...input }),
    );
  if (!usable(Number(voucher.PtoVta), true)) return answer({ errors: [NOT_ENABLED] });
  const observations = checkFeVoucher(voucher, stamp.day);
  if (observations.length) return answer({ observations });
  const notes = approvalObservations(environment, voucher);
  const issued =
    voucher.CbteHasta === voucher.CbteDesde
      ? await issueSimVoucher(db, {
          environment,
          cuit,
          sequence: {
            pointOfSale: Number(voucher.PtoVta),
            type: Number(voucher.CbteTipo),
            number: Number(voucher.CbteDesde),
          },
          request: voucher,
          voucherDate: voucher.CbteFch ?? stamp.day,
          observations: notes,
          now,
        })
      : undefined;
  if (!issued) return answer({ errors: [{ code: 10016, message: WSFE_MESSAGES[10016] }] });
  return answerFault(answer({ approved: issued, observations: notes }));

  // A fault injected for this point of sale plays after the vouchers were committed.
  function answerFault(committed: WsfeAnswer): WsfeAnswer {
    const fault = takeWsfeFault(environment, cuit, Number(voucher.PtoVta));
    if (fault?.kind === 'http_500')
      return {
        status: 500,
        body: soapServerFault('Server was unable to process request. ---> Timeout expired.'),
      };
    if (fault?.kind === 'timeout') return { ...committed, holdMs: fault.holdMs };
    return committed;
  }
}

/**
 * 10217 says the receiver's IVA credit counts only for the monotributo transition. Homologación sent
 * it with every class A approval recorded (2021, 2024, 2026), whatever the receiver; in production it
 * is the receiver being a monotributista (CondicionIVAReceptorId 6, 13 or 16).
 */
function approvalObservations(environment: ArcaEnvironment, voucher: SimVoucher): WsfeMessage[] {
  if (voucherClass(Number(voucher.CbteTipo)) !== 'A') return [];
  const monotributista = ['6', '13', '16'].includes(String(Number(voucher.CondicionIVAReceptorId)));
  return environment === 'sandbox' || monotributista
    ? [{ code: 10217, message: WSFE_MESSAGES[10217] }]
    : [];
}

async function consult(
  db: Db,
  environment: ArcaEnvironment,
  cuit: string,
  request: XmlNode,
): Promise<string> {
  const raw = (text(pick(request, 'FeCompConsReq', 'CbteNro')) ?? '').trim();
  if (!/^\d{1,8}$/.test(raw)) return wsfeErrors([{ code: 10202, message: WSFE_MESSAGES[10202] }]);
  const pointOfSale = Number(text(pick(request, 'FeCompConsReq', 'PtoVta')));
  const type = Number(text(pick(request, 'FeCompConsReq', 'CbteTipo')));
  // 195–197 are WSCT's (Factura T), stored in the same table in WSCT's shape: not WSFE vouchers.
  const row =
    Number.isInteger(pointOfSale) && Number.isInteger(type) && !WSCT_TYPES.includes(type)
      ? await findSimInvoice(db, environment, cuit, pointOfSale, type, Number(raw))
      : undefined;
  if (!row) return wsfeErrors([{ code: 602, message: WSFE_MESSAGES[602] }]);
  return consultResult({
    request: row.request as SimVoucher,
    cae: row.cae,
    caeExpiry: row.caeExpiry,
    observations: row.observations as WsfeMessage[],
    processedAt: argentinaStamp(row.createdAt).time,
  });
}
