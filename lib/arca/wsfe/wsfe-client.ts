import 'server-only';
import { escapeXml, pick, text } from '../soap/parse-soap';
import type { SoapTransport } from '../soap/post-soap';
import { authorizeSoap } from '../soap/authorize-soap';
import { readSoap } from '../soap/read-soap';
import { buildFeCaeRequest, buildFeCaeRequests } from './build-fe-cae-request';
import type { NumberedFeVoucher } from './fe-cae-request';
import {
  parseFeCaeAnswer,
  parseFeCaeResponse,
  type FeCaeAnswer,
  type CaeResult,
} from './parse-fe-cae-response';
import {
  parseFeCatalogue,
  parseFeExchangeRate,
  parseFeReceiverVatConditions,
} from './parse-fe-params';
import { parseFeVoucher } from './parse-fe-voucher';
import {
  parseFeDummy,
  parseLastAuthorized,
  parsePointsOfSale,
  parseWsfeResult,
  type WsfeResult,
} from './parse-wsfe';

const WSFE_NAMESPACE = 'http://ar.gov.afip.dif.FEV1/';

export interface WsfeOptions {
  /** The WSFE URL of the environment (getEnv().arca[environment].wsfe). */
  url: string;
  timeoutMs?: number;
  transport?: SoapTransport;
}

export interface WsfeAuth {
  token: string;
  sign: string;
  /** The CUIT invoiced for (the represented company). */
  cuit: string;
}

function wsfeEnvelope(method: string, inner: string): string {
  return (
    '<?xml version="1.0" encoding="utf-8"?>' +
    `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:ar="${WSFE_NAMESPACE}">` +
    `<soap:Body><ar:${method}>${inner}</ar:${method}></soap:Body></soap:Envelope>`
  );
}

const authXml = (auth: WsfeAuth) =>
  `<ar:Auth><ar:Token>${escapeXml(auth.token)}</ar:Token><ar:Sign>${escapeXml(auth.sign)}</ar:Sign><ar:Cuit>${escapeXml(auth.cuit)}</ar:Cuit></ar:Auth>`;

// Every call here only reads (FECAESolicitar is sent by requestCae, never through this).
const call = <T>(
  options: WsfeOptions,
  method: string,
  inner: string,
  parse: (xml: string) => WsfeResult<T>,
): Promise<WsfeResult<T>> =>
  readSoap(
    options,
    wsfeEnvelope(method, inner),
    { SOAPAction: `"${WSFE_NAMESPACE}${method}"` },
    parse,
  );

/** FEDummy: are WSFE's application, database and authentication servers up? (no ticket needed) */
export function feDummy(options: WsfeOptions) {
  return call(options, 'FEDummy', '', parseFeDummy);
}

/** FEParamGetPtosVenta: the company's web-service points of sale (an empty list when none). */
export function getPointsOfSale(options: WsfeOptions, auth: WsfeAuth) {
  return call(options, 'FEParamGetPtosVenta', authXml(auth), parsePointsOfSale);
}

/** FECompUltimoAutorizado: the last voucher number authorised for a point of sale and voucher type. */
export function getLastAuthorized(
  options: WsfeOptions,
  auth: WsfeAuth,
  pointOfSale: number,
  voucherType: number,
) {
  const inner = `${authXml(auth)}<ar:PtoVta>${Math.trunc(pointOfSale)}</ar:PtoVta><ar:CbteTipo>${Math.trunc(voucherType)}</ar:CbteTipo>`;
  return call(options, 'FECompUltimoAutorizado', inner, parseLastAuthorized);
}

const int = (name: string, value: number) => `<ar:${name}>${Math.trunc(value)}</ar:${name}>`;

/** FECompConsultar: one voucher as ARCA holds it (every field sent, CAE, expiry), or null when none (602). */
export function getVoucher(
  options: WsfeOptions,
  auth: WsfeAuth,
  pointOfSale: number,
  voucherType: number,
  number: number,
) {
  const inner = `${authXml(auth)}<ar:FeCompConsReq>${int('CbteTipo', voucherType)}${int('CbteNro', number)}${int('PtoVta', pointOfSale)}</ar:FeCompConsReq>`;
  return call(options, 'FECompConsultar', inner, parseFeVoucher);
}

export const getVoucherTypes = (options: WsfeOptions, auth: WsfeAuth) =>
  call(options, 'FEParamGetTiposCbte', authXml(auth), (xml) =>
    parseFeCatalogue(xml, 'FEParamGetTiposCbte'),
  );
export const getDocumentTypes = (options: WsfeOptions, auth: WsfeAuth) =>
  call(options, 'FEParamGetTiposDoc', authXml(auth), (xml) =>
    parseFeCatalogue(xml, 'FEParamGetTiposDoc'),
  );
export const getVatRates = (options: WsfeOptions, auth: WsfeAuth) =>
  call(options, 'FEParamGetTiposIva', authXml(auth), (xml) =>
    parseFeCatalogue(xml, 'FEParamGetTiposIva'),
  );
export const getCurrencies = (options: WsfeOptions, auth: WsfeAuth) =>
  call(options, 'FEParamGetTiposMonedas', authXml(auth), (xml) =>
    parseFeCatalogue(xml, 'FEParamGetTiposMonedas'),
  );
export const getConceptTypes = (options: WsfeOptions, auth: WsfeAuth) =>
  call(options, 'FEParamGetTiposConcepto', authXml(auth), (xml) =>
    parseFeCatalogue(xml, 'FEParamGetTiposConcepto'),
  );

/** FEParamGetCotizacion: ARCA's exchange rate for a currency id ("DOL", "060" …). */
export function getExchangeRate(options: WsfeOptions, auth: WsfeAuth, currency: string) {
  return call(
    options,
    'FEParamGetCotizacion',
    `${authXml(auth)}<ar:MonId>${escapeXml(currency)}</ar:MonId>`,
    parseFeExchangeRate,
  );
}

/** FEParamGetCondicionIvaReceptor: the receiver IVA conditions, all or those valid for a voucher class. */
export function getReceiverVatConditions(
  options: WsfeOptions,
  auth: WsfeAuth,
  voucherClass?: 'A' | 'B' | 'C' | 'M',
) {
  return call(
    options,
    'FEParamGetCondicionIvaReceptor',
    authXml(auth) + (voucherClass ? `<ar:ClaseCmp>${voucherClass}</ar:ClaseCmp>` : ''),
    parseFeReceiverVatConditions,
  );
}

/**
 * FECAESolicitar for one voucher (CbteDesde = CbteHasta = CbteNro). Sent exactly once: unlike the
 * read calls it is never retried here, because a lost answer may hide an authorised voucher. A
 * timeout, a dropped connection, an HTTP 5xx or an unreadable answer come back as `unknown`; the
 * caller reconciles (FECompUltimoAutorizado, then FECompConsultar) before sending anything again.
 */
export async function requestCae(
  options: WsfeOptions,
  auth: WsfeAuth,
  voucher: NumberedFeVoucher,
): Promise<CaeResult> {
  return authorizeSoap(
    options,
    wsfeEnvelope('FECAESolicitar', authXml(auth) + buildFeCaeRequest(voucher)),
    { SOAPAction: `"${WSFE_NAMESPACE}FECAESolicitar"` },
    parseFeCaeResponse,
  );
}

/**
 * FECAESolicitar for several vouchers of one point of sale and voucher type (CantReg > 1), numbered
 * consecutively by the caller. Sent exactly once, as requestCae: what comes back `unknown` may have
 * authorised any prefix of them.
 */
export async function requestCaes(
  options: WsfeOptions,
  auth: WsfeAuth,
  vouchers: readonly NumberedFeVoucher[],
): Promise<FeCaeAnswer> {
  return authorizeSoap(
    options,
    wsfeEnvelope('FECAESolicitar', authXml(auth) + buildFeCaeRequests(vouchers)),
    { SOAPAction: `"${WSFE_NAMESPACE}FECAESolicitar"` },
    parseFeCaeAnswer,
  );
}

/** FECompTotXRequest: how many vouchers one FECAESolicitar may carry (RegXReq). */
export function getVouchersPerRequest(options: WsfeOptions, auth: WsfeAuth) {
  return call(options, 'FECompTotXRequest', authXml(auth), (xml) =>
    parseWsfeResult(xml, 'FECompTotXRequest', (result) => {
      const limit = Number(text(pick(result, 'RegXReq')));
      return Number.isInteger(limit) && limit > 0 ? limit : undefined;
    }),
  );
}
