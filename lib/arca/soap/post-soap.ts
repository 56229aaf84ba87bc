import 'server-only';
import http from 'node:http';
import https from 'node:https';
import { BoundedPostError, postBounded } from '@/lib/http-client';
import { observeArcaCall } from '@/lib/metrics';
import { MAX_SOAP_BYTES } from './parse-soap';

export interface SoapResponse {
  status: number;
  body: string;
  /** The HTTP Date header: the server's clock, to compare with ours. */
  date?: string;
}

export type SoapTransport = (
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
) => Promise<SoapResponse>;

export class SoapTransportError extends Error {
  override name = 'SoapTransportError';
  constructor(
    readonly kind: 'timeout' | 'unreachable' | 'too_large',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

// ARCA's hosts still negotiate with keys/ciphers OpenSSL 3 rejects at its default security level.
const arcaAgent = new https.Agent({
  keepAlive: true,
  ciphers: 'DEFAULT@SECLEVEL=1',
  maxSockets: 8,
});
const plainAgent = new http.Agent({ keepAlive: true, maxSockets: 32 });

/** POSTs a SOAP envelope with a total timeout and a response size bound (postBounded). */
export const postSoap: SoapTransport = async (url, body, headers, timeoutMs) => {
  const started = performance.now();
  const operation = soapOperation(headers);
  try {
    const response = await postSoapOnce(url, body, headers, timeoutMs);
    const outcome = response.status >= 400 ? `http_${Math.floor(response.status / 100)}xx` : 'ok';
    observeArcaCall(operation, outcome, (performance.now() - started) / 1000);
    return response;
  } catch (error) {
    const kind = error instanceof SoapTransportError ? error.kind : 'unreachable';
    observeArcaCall(operation, kind, (performance.now() - started) / 1000);
    throw error;
  }
};

// WSFE names the method in SOAPAction ("http://ar.gov.afip.dif.FEV1/FECAESolicitar"); WSAA sends "" for LoginCms.
function soapOperation(headers: Record<string, string>): string {
  const action = (headers.SOAPAction ?? '').replace(/"/g, '');
  return action === '' ? 'LoginCms' : (action.split('/').pop() ?? action);
}

const postSoapOnce: SoapTransport = async (url, body, headers, timeoutMs) => {
  const target = new URL(url);
  try {
    const response = await postBounded({
      url: target,
      body,
      headers: { 'Content-Type': 'text/xml; charset=utf-8', ...headers },
      timeoutMs,
      maxResponseBytes: MAX_SOAP_BYTES,
      agent: target.protocol === 'https:' ? arcaAgent : plainAgent,
    });
    if (response.truncated) throw new SoapTransportError('too_large', 'SOAP response over 1 MB');
    return {
      status: response.status,
      body: response.body.toString('utf8'),
      date: response.headers.date,
    };
  } catch (error) {
    if (error instanceof SoapTransportError) throw error;
    if (error instanceof BoundedPostError)
      throw new SoapTransportError(error.kind, error.message, { cause: error });
    throw new SoapTransportError('unreachable', (error as Error).message, { cause: error });
  }
};
