import { XMLParser } from 'fast-xml-parser';
import { parseSoap, pick, text } from '../soap/parse-soap';
import type { ArcaOutcome } from '../types';
import { mapWsaaFault } from './wsaa-faults';

/** The access ticket (TA): token and sign go with every WSFE call until expiration. */
export interface AccessTicket {
  token: string;
  sign: string;
  generationTime: string;
  expirationTime: string;
  source?: string;
  destination?: string;
  uniqueId?: string;
}

export type LoginCmsResult = (
  | { ok: true; ticket: AccessTicket }
  | { ok: false; outcome: ArcaOutcome; fault?: { code: string; message: string } }
) & {
  /** ARCA's HTTP Date header, when the answer had one. */
  serverDate?: string;
};

const inner = new XMLParser({ ignoreAttributes: true, parseTagValue: false, trimValues: true });

/** Reads a LoginCms answer: the TA inside the escaped `loginCmsReturn`, or the fault mapped through the catalogue. */
export function parseLoginCmsResponse(xml: string): LoginCmsResult {
  let parsed: ReturnType<typeof parseSoap>;
  try {
    parsed = parseSoap(xml);
  } catch {
    return { ok: false, outcome: { code: 'wsaa_bad_response', ok: false } };
  }
  if (parsed.fault) {
    const mapped = mapWsaaFault(parsed.fault.code);
    return { ok: false, outcome: { ok: false, ...mapped }, fault: parsed.fault };
  }
  const ret = text(pick(parsed.body, 'loginCmsResponse', 'loginCmsReturn'));
  if (!ret) return { ok: false, outcome: { code: 'wsaa_bad_response', ok: false } };
  try {
    const ta = inner.parse(ret) as Record<string, unknown>;
    const header = pick(ta as never, 'loginTicketResponse', 'header');
    const credentials = pick(ta as never, 'loginTicketResponse', 'credentials');
    const token = text(pick(credentials, 'token'));
    const sign = text(pick(credentials, 'sign'));
    const generationTime = text(pick(header, 'generationTime'));
    const expirationTime = text(pick(header, 'expirationTime'));
    if (
      !token ||
      !sign ||
      !generationTime ||
      !expirationTime ||
      Number.isNaN(Date.parse(expirationTime))
    )
      throw new Error('incomplete TA');
    return {
      ok: true,
      ticket: {
        token,
        sign,
        generationTime,
        expirationTime,
        source: text(pick(header, 'source')),
        destination: text(pick(header, 'destination')),
        uniqueId: text(pick(header, 'uniqueId')),
      },
    };
  } catch {
    return { ok: false, outcome: { code: 'wsaa_bad_response', ok: false } };
  }
}
