import 'server-only';
import { postSoap, SoapTransportError, type SoapTransport } from '../soap/post-soap';
import { buildTra } from './build-tra';
import { parseLoginCmsResponse, type LoginCmsResult } from './parse-login-cms';
import { signCms } from './sign-cms';

interface LoginCmsOptions {
  url: string;
  certificatePem: string;
  /** PKCS#1 or PKCS#8 PEM, unsealed only for the duration of the call. */
  privateKeyPem: string;
  service?: string;
  now?: Date;
  timeoutMs?: number;
  transport?: SoapTransport;
}

export function loginCmsEnvelope(cmsBase64: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    '<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:wsaa="http://wsaa.view.sua.dvadac.desein.afip.gov">' +
    `<soapenv:Header/><soapenv:Body><wsaa:loginCms><wsaa:in0>${cmsBase64}</wsaa:in0></wsaa:loginCms></soapenv:Body></soapenv:Envelope>`
  );
}

/**
 * One WSAA LoginCms call: TRA → CMS → SOAP → TA. Not retried here: a second login within the
 * ticket's life answers coe.alreadyAuthenticated, so callers go through getAccessTicket's cache.
 */
export async function loginCms(options: LoginCmsOptions): Promise<LoginCmsResult> {
  const tra = buildTra({ service: options.service ?? 'wsfe', now: options.now });
  const cms = await signCms(tra, options.certificatePem, options.privateKeyPem, options.now);
  const transport = options.transport ?? postSoap;
  try {
    const response = await transport(
      options.url,
      loginCmsEnvelope(cms.toString('base64')),
      { SOAPAction: '""' },
      options.timeoutMs ?? 20_000,
    );
    const result = parseLoginCmsResponse(response.body);
    return response.date ? { ...result, serverDate: response.date } : result;
  } catch (error) {
    const kind = error instanceof SoapTransportError ? error.kind : 'unreachable';
    return {
      ok: false,
      outcome: {
        code:
          kind === 'timeout'
            ? 'wsaa_timeout'
            : kind === 'too_large'
              ? 'wsaa_bad_response'
              : 'wsaa_unreachable',
        ok: false,
      },
    };
  }
}
