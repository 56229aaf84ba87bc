import 'server-only';
import { escapeXml } from '../soap/parse-soap';
import type { SoapTransport } from '../soap/post-soap';
import { authorizeSoap } from '../soap/authorize-soap';
import { readSoap } from '../soap/read-soap';
import { buildCtRequest } from './build-ct-request';
import type { NumberedCtVoucher } from './ct-voucher';
import { parseCtAuthorizeResponse, type CtResult } from './parse-ct-authorize-response';
import { parseCtPointsOfSale } from './parse-ct-points-of-sale';
import { parseCtVoucher } from './parse-ct-voucher';
import {
  parseCtCatalogue,
  parseCtLastAuthorized,
  parseWsctResult,
  type CtCatalogueMethod,
  type WsctResult,
} from './parse-wsct';

/** CTService's namespace, as its WSDL and every recorded request write it. */
export const WSCT_NAMESPACE = 'http://ar.gob.afip.wsct/CTService/';

export interface WsctOptions {
  /** The WSCT URL of the environment (getEnv().arca[environment].wsct). */
  url: string;
  timeoutMs?: number;
  transport?: SoapTransport;
}

/** A WSAA ticket for the service `wsct` (a wsfe ticket is not accepted) and the CUIT invoiced for. */
export interface WsctAuth {
  token: string;
  sign: string;
  cuit: string;
}

/** The envelope as recorded: `<ser:{method}Request>` with unqualified children. */
export function wsctEnvelope(method: string, inner: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:ser="${WSCT_NAMESPACE}">` +
    `<soapenv:Header/><soapenv:Body><ser:${method}Request>${inner}</ser:${method}Request></soapenv:Body></soapenv:Envelope>`
  );
}

const authXml = (auth: WsctAuth) =>
  `<authRequest><token>${escapeXml(auth.token)}</token><sign>${escapeXml(auth.sign)}</sign><cuitRepresentada>${escapeXml(auth.cuit)}</cuitRepresentada></authRequest>`;
const int = (name: string, value: number) => `<${name}>${Math.trunc(value)}</${name}>`;
const soapAction = (method: string) => ({ SOAPAction: `"${WSCT_NAMESPACE}${method}"` });

// Every call here only reads (autorizarComprobante is sent by requestCtCae, never through this).
const call = <T>(
  options: WsctOptions,
  method: string,
  inner: string,
  parse: (xml: string) => WsctResult<T>,
): Promise<WsctResult<T>> =>
  readSoap(options, wsctEnvelope(method, inner), soapAction(method), parse);

/** dummy: are WSCT's servers up? (no ticket needed) */
export function ctDummy(options: WsctOptions) {
  return call(options, 'dummy', '', (xml) =>
    parseWsctResult(xml, 'dummy', 'dummyReturn', (r) => {
      const status = ['appserver', 'dbserver', 'authserver'].map((k) =>
        typeof r === 'object' && r && !Array.isArray(r) ? r[k] : undefined,
      );
      return status.every((s) => typeof s === 'string')
        ? { ok: status.every((s) => s === 'OK') }
        : undefined;
    }),
  );
}

/** consultarUltimoComprobanteAutorizado: the last number authorised for a point of sale and type. */
export function getLastCtAuthorized(
  options: WsctOptions,
  auth: WsctAuth,
  pointOfSale: number,
  voucherType: number,
) {
  const inner = `${authXml(auth)}${int('codigoTipoComprobante', voucherType)}${int('numeroPuntoVenta', pointOfSale)}`;
  return call(options, 'consultarUltimoComprobanteAutorizado', inner, parseCtLastAuthorized);
}

/** consultarComprobanteTipoPVentaNro: one voucher as ARCA holds it, or null when it has none. */
export function getCtVoucher(
  options: WsctOptions,
  auth: WsctAuth,
  pointOfSale: number,
  voucherType: number,
  number: number,
) {
  const inner = `${authXml(auth)}${int('codigoTipoComprobante', voucherType)}${int('numeroPuntoVenta', pointOfSale)}${int('numeroComprobante', number)}`;
  return call(options, 'consultarComprobanteTipoPVentaNro', inner, parseCtVoucher);
}

/** consultarPuntosVenta: the company's points of sale enabled for CAE in WSCT. */
export function getCtPointsOfSale(options: WsctOptions, auth: WsctAuth) {
  return call(options, 'consultarPuntosVenta', authXml(auth), parseCtPointsOfSale);
}

/** A consultar* catalogue: voucher types, document types, IVA rates and conditions, tourism codes. */
export function getCtCatalogue(options: WsctOptions, auth: WsctAuth, method: CtCatalogueMethod) {
  return call(options, method, authXml(auth), (xml) => parseCtCatalogue(xml, method));
}

/**
 * autorizarComprobante for one voucher. Sent exactly once, never retried here: a lost answer may
 * hide an authorised voucher. A timeout, a dropped connection, an HTTP 5xx or an unreadable answer
 * come back as `unknown`; the caller reconciles before sending anything again.
 */
export async function requestCtCae(
  options: WsctOptions,
  auth: WsctAuth,
  voucher: NumberedCtVoucher,
): Promise<CtResult> {
  return authorizeSoap(
    options,
    wsctEnvelope('autorizarComprobante', authXml(auth) + buildCtRequest(voucher)),
    soapAction('autorizarComprobante'),
    parseCtAuthorizeResponse,
  );
}
