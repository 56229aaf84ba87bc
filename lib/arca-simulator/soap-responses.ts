import { escapeXml } from '@/lib/arca';

const ENVELOPE_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><soapenv:Body>';
const ENVELOPE_CLOSE = '</soapenv:Body></soapenv:Envelope>';

/** A WSAA fault in the shape ARCA's Axis server sends (HTTP 500), as recorded in the fixtures. */
export function wsaaFault(code: string, message: string, host: string): string {
  return (
    ENVELOPE_OPEN +
    `<soapenv:Fault><faultcode xmlns:ns1="http://xml.apache.org/axis/">ns1:${escapeXml(code)}</faultcode><faultstring>${escapeXml(message)}</faultstring>` +
    `<detail><ns2:exceptionName xmlns:ns2="http://xml.apache.org/axis/">gov.afip.desein.dvadac.sua.view.wsaa.LoginFault</ns2:exceptionName><ns3:hostname xmlns:ns3="http://xml.apache.org/axis/">${escapeXml(host)}</ns3:hostname></detail></soapenv:Fault>` +
    ENVELOPE_CLOSE
  );
}

/** The LoginCms answer: the TA as an escaped XML string inside loginCmsReturn. */
export function loginCmsSuccess(ta: string, endpoint: string): string {
  return `${ENVELOPE_OPEN}<loginCmsResponse xmlns="${escapeXml(endpoint)}"><loginCmsReturn>${escapeXml(ta)}</loginCmsReturn></loginCmsResponse>${ENVELOPE_CLOSE}`;
}

/** A WSFE answer with ARCA's FEHeaderInfo header (fecha in Argentina time, -03:00, as ARCA writes it). */
export function wsfeResponse(method: string, result: string, ambiente: string, now: Date): string {
  return (
    '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">' +
    `<soap:Header><FEHeaderInfo xmlns="http://ar.gov.afip.dif.FEV1/"><ambiente>${escapeXml(ambiente)}</ambiente><fecha>${new Date(now.getTime() - 3 * 3_600_000).toISOString().replace('Z', '-03:00')}</fecha><id>4.3.0.0</id></FEHeaderInfo></soap:Header>` +
    `<soap:Body><${method}Response xmlns="http://ar.gov.afip.dif.FEV1/"><${method}Result>${result}</${method}Result></${method}Response></soap:Body></soap:Envelope>`
  );
}

export function wsfeErrors(errors: { code: number; message: string }[]): string {
  return `<Errors>${errors.map((e) => `<Err><Code>${e.code}</Code><Msg>${escapeXml(e.message)}</Msg></Err>`).join('')}</Errors>`;
}

export function soapClientFault(message: string): string {
  return `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault><faultcode>soap:Client</faultcode><faultstring>${escapeXml(message)}</faultstring></soap:Fault></soap:Body></soap:Envelope>`;
}

/** An ASP.NET server fault (HTTP 500), as WSFE's .asmx sends when it fails while processing. */
export function soapServerFault(message: string): string {
  return `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"><soap:Body><soap:Fault><faultcode>soap:Server</faultcode><faultstring>${escapeXml(message)}</faultstring><detail /></soap:Fault></soap:Body></soap:Envelope>`;
}
