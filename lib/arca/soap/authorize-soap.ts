import { postSoap, SoapTransportError } from './post-soap';
import type { SoapReadOptions } from './read-soap';
import { NOT_CONNECTED, systemErrorCode } from './system-error-code';

/** Why an authorising call has no answer: `not_sent` only when nothing can have reached ARCA. */
export type NoAnswer =
  | { status: 'unknown'; reason: 'timeout' | 'unreadable' | 'connection_lost' }
  | { status: 'not_sent'; reason: 'unreachable' };

/**
 * The one call that asks ARCA for a CAE (WSFE's FECAESolicitar, WSCT's autorizarComprobante). Sent
 * exactly once: a lost answer may hide an authorised voucher, so it is never retried here; the
 * caller reconciles what comes back `unknown` before sending anything again.
 */
export async function authorizeSoap<R>(
  options: SoapReadOptions,
  body: string,
  headers: Record<string, string>,
  parse: (httpStatus: number, xml: string) => R,
): Promise<R | NoAnswer> {
  const transport = options.transport ?? postSoap;
  try {
    const response = await transport(options.url, body, headers, options.timeoutMs ?? 20_000);
    return parse(response.status, response.body);
  } catch (error) {
    if (error instanceof SoapTransportError && error.kind === 'timeout')
      return { status: 'unknown', reason: 'timeout' };
    if (error instanceof SoapTransportError && error.kind === 'too_large')
      return { status: 'unknown', reason: 'unreadable' };
    const code = systemErrorCode(error);
    if (code && NOT_CONNECTED.has(code)) return { status: 'not_sent', reason: 'unreachable' };
    return { status: 'unknown', reason: 'connection_lost' };
  }
}
