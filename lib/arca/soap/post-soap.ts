import 'server-only';
import http from 'node:http';
import https from 'node:https';
import { MAX_SOAP_BYTES } from './parse-soap';

export interface SoapResponse {
  status: number;
  body: string;
  /** The HTTP Date header: the server's clock, to compare with ours. */
  date?: string;
}

export type SoapTransport = (url: string, body: string, headers: Record<string, string>, timeoutMs: number) => Promise<SoapResponse>;

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
const arcaAgent = new https.Agent({ keepAlive: true, ciphers: 'DEFAULT@SECLEVEL=1', maxSockets: 8 });
const plainAgent = new http.Agent({ keepAlive: true, maxSockets: 32 });

/** POSTs a SOAP envelope over node:http(s), with a total timeout and a response size bound. */
export const postSoap: SoapTransport = (url, body, headers, timeoutMs) =>
  new Promise((resolve, reject) => {
    const target = new URL(url);
    const secure = target.protocol === 'https:';
    const request = (secure ? https : http).request(
      target,
      {
        method: 'POST',
        agent: secure ? arcaAgent : plainAgent,
        headers: { 'Content-Type': 'text/xml; charset=utf-8', 'Content-Length': Buffer.byteLength(body), ...headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_SOAP_BYTES) request.destroy(new SoapTransportError('too_large', 'SOAP response over 1 MB'));
          else chunks.push(chunk);
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), date: response.headers.date }));
        response.on('error', (error) => reject(wrap(error)));
      },
    );
    const timer = setTimeout(() => request.destroy(new SoapTransportError('timeout', `No answer from ${target.host} within ${timeoutMs} ms`)), timeoutMs);
    request.on('error', (error) => reject(wrap(error)));
    request.on('close', () => clearTimeout(timer));
    request.end(body);
  });

function wrap(error: unknown): SoapTransportError {
  if (error instanceof SoapTransportError) return error;
  return new SoapTransportError('unreachable', (error as Error).message, { cause: error });
}
