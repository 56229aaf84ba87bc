import type { ArcaOutcome } from '../types';
import { postSoap, SoapTransportError, type SoapTransport } from './post-soap';

export interface SoapReadOptions {
  url: string;
  timeoutMs?: number;
  transport?: SoapTransport;
}

/**
 * One read-only call to an ARCA web service (WSFE's or WSCT's): a read changes nothing at ARCA, so
 * it is retried once after a network failure. A failure to get an answer becomes its outcome.
 */
export async function readSoap<R>(
  options: SoapReadOptions,
  body: string,
  headers: Record<string, string>,
  parse: (xml: string) => R,
): Promise<R | { ok: false; outcome: ArcaOutcome; errors: never[] }> {
  const transport = options.transport ?? postSoap;
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await transport(options.url, body, headers, options.timeoutMs ?? 20_000);
      return parse(response.body);
    } catch (error) {
      const kind = error instanceof SoapTransportError ? error.kind : 'unreachable';
      if (attempt === 0 && kind === 'unreachable') continue;
      const code =
        kind === 'timeout'
          ? 'wsfe_timeout'
          : kind === 'too_large'
            ? 'wsfe_bad_response'
            : 'wsfe_unreachable';
      return { ok: false, outcome: { code, ok: false }, errors: [] };
    }
  }
}
