import { XMLParser } from 'fast-xml-parser';

export const MAX_SOAP_BYTES = 1024 * 1024;

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (name) => name === 'PtoVenta' || name === 'Err' || name === 'Obs' || name === 'Evt',
});

export type XmlNode = { [key: string]: XmlValue };
export type XmlValue = string | XmlNode | XmlValue[] | undefined;

interface SoapFault {
  /** The faultcode without its namespace prefix, e.g. `coe.alreadyAuthenticated`. */
  code: string;
  message: string;
}

/** The SOAP Body as a plain object, or its Fault; throws on anything that is not a SOAP envelope. */
export function parseSoap(xml: string): { body: XmlNode; fault?: SoapFault } {
  if (xml.length > MAX_SOAP_BYTES) throw new Error('SOAP message too large');
  const doc = parser.parse(xml) as XmlNode;
  const body = pick(doc, 'Envelope', 'Body');
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new Error('Not a SOAP envelope');
  const fault = body.Fault;
  if (fault && typeof fault === 'object' && !Array.isArray(fault)) {
    const raw = String(fault.faultcode ?? '');
    return {
      body,
      fault: {
        code: raw.includes(':') ? raw.slice(raw.indexOf(':') + 1) : raw,
        message: String(fault.faultstring ?? ''),
      },
    };
  }
  return { body };
}

/** A nested child by path, or undefined. */
export function pick(node: XmlValue, ...path: string[]): XmlValue {
  let current = node;
  for (const key of path) {
    if (!current || typeof current !== 'object' || Array.isArray(current)) return undefined;
    current = current[key];
  }
  return current;
}

/** A leaf's text ('' for an empty element), or undefined when it is missing or not a leaf. */
export function text(node: XmlValue): string | undefined {
  if (typeof node === 'string') return node;
  if (node && typeof node === 'object' && !Array.isArray(node) && Object.keys(node).length === 0)
    return '';
  return undefined;
}

export function escapeXml(value: string): string {
  return value.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );
}
