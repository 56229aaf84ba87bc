import 'server-only';
import { escapeXml } from '../soap/parse-soap';
import { postSoap, SoapTransportError, type SoapTransport } from '../soap/post-soap';
import { parseFeDummy, parseLastAuthorized, parsePointsOfSale, type WsfeResult } from './parse-wsfe';

const WSFE_NAMESPACE = 'http://ar.gov.afip.dif.FEV1/';

interface WsfeOptions {
  /** The WSFE URL of the environment (getEnv().arca[environment].wsfe). */
  url: string;
  timeoutMs?: number;
  transport?: SoapTransport;
}

interface WsfeAuth {
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

const authXml = (auth: WsfeAuth) => `<ar:Auth><ar:Token>${escapeXml(auth.token)}</ar:Token><ar:Sign>${escapeXml(auth.sign)}</ar:Sign><ar:Cuit>${escapeXml(auth.cuit)}</ar:Cuit></ar:Auth>`;

// Every call here only reads, so one retry after a network failure is safe.
async function call<T>(options: WsfeOptions, method: string, inner: string, parse: (xml: string) => WsfeResult<T>): Promise<WsfeResult<T>> {
  const transport = options.transport ?? postSoap;
  const body = wsfeEnvelope(method, inner);
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await transport(options.url, body, { SOAPAction: `"${WSFE_NAMESPACE}${method}"` }, options.timeoutMs ?? 20_000);
      return parse(response.body);
    } catch (error) {
      const kind = error instanceof SoapTransportError ? error.kind : 'unreachable';
      if (attempt === 0 && kind === 'unreachable') continue;
      return { ok: false, outcome: { code: kind === 'timeout' ? 'wsfe_timeout' : kind === 'too_large' ? 'wsfe_bad_response' : 'wsfe_unreachable', ok: false }, errors: [] };
    }
  }
}

/** FEDummy: are WSFE's application, database and authentication servers up? (no ticket needed) */
export function feDummy(options: WsfeOptions) {
  return call(options, 'FEDummy', '', parseFeDummy);
}

/** FEParamGetPtosVenta: the company's web-service points of sale (an empty list when none). */
export function getPointsOfSale(options: WsfeOptions, auth: WsfeAuth) {
  return call(options, 'FEParamGetPtosVenta', authXml(auth), parsePointsOfSale);
}

/** FECompUltimoAutorizado: the last voucher number authorised for a point of sale and voucher type. */
export function getLastAuthorized(options: WsfeOptions, auth: WsfeAuth, pointOfSale: number, voucherType: number) {
  const inner = `${authXml(auth)}<ar:PtoVta>${Math.trunc(pointOfSale)}</ar:PtoVta><ar:CbteTipo>${Math.trunc(voucherType)}</ar:CbteTipo>`;
  return call(options, 'FECompUltimoAutorizado', inner, parseLastAuthorized);
}
