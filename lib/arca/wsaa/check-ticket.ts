import { cuitFromSubject, nameField } from '../summarize-certificate';
import type { ArcaOutcome } from '../types';
import type { AccessTicket } from './parse-login-cms';

/** ARCA's tickets last 12 h from the login (generationTime → expirationTime). */
export const TICKET_LIFETIME_MS = 12 * 3_600_000;

// A clock kept by NTP is within a second of ARCA's; 30 s apart is a clock set by hand or not synced.
export const CLOCK_TOLERANCE_MS = 30_000;

// A ticket is handed out until this long before it expires: our clock may lag ARCA's by up to the
// tolerance, and a WSFE call started just before must still arrive in time (calls time out at 20 s).
export const TICKET_EXPIRY_ALLOWANCE_MS = CLOCK_TOLERANCE_MS + 20_000;

/** Whom ARCA issues a ticket to: the certificate's DN, alias (CN) and CUIT (serialNumber). */
export interface TicketHolder {
  cuit: string;
  alias: string;
  /** "SERIALNUMBER=CUIT <cuit>, CN=<alias>", as ARCA writes the ticket's destination. */
  dn: string;
}

/** When the LoginCms left and its answer came back (local clock), and ARCA's HTTP Date if it sent one. */
export interface LoginTiming {
  sentAt: Date;
  receivedAt: Date;
  serverDate?: string;
}

export function ticketHolder(subject: string): TicketHolder | undefined {
  const cuit = cuitFromSubject(subject);
  const alias = nameField(subject, 'CN');
  if (!cuit || !alias) return undefined;
  return { cuit, alias, dn: `SERIALNUMBER=CUIT ${cuit}, CN=${alias}` };
}

/** True when a ticket's destination ("C=ar, O=…, SERIALNUMBER=CUIT …, CN=…") names the holder's alias and CUIT. */
export function isIssuedTo(destination: string | undefined, holder: TicketHolder): boolean {
  if (!destination) return false;
  const field = (name: string) =>
    destination
      .split(',')
      .map((part) => part.trim())
      .find((part) => part.toUpperCase().startsWith(`${name}=`))
      ?.slice(name.length + 1)
      .trim();
  return field('SERIALNUMBER') === `CUIT ${holder.cuit}` && field('CN')?.toLowerCase() === holder.alias.toLowerCase();
}

/**
 * How far this server's clock is from ARCA's, in ms (positive: ours is ahead), or 0 within the
 * tolerance. ARCA's times (the ticket's generationTime, the HTTP Date) fell between sending and
 * receiving, so the network delay is not mistaken for a clock difference.
 */
export function clockDifference(timing: LoginTiming, generationTime?: string): number {
  const readings: Array<{ at: number; resolution: number }> = [];
  const generated = Date.parse(generationTime ?? '');
  if (!Number.isNaN(generated)) readings.push({ at: generated, resolution: 0 });
  const served = Date.parse(timing.serverDate ?? '');
  // The HTTP Date is truncated to the second.
  if (!Number.isNaN(served)) readings.push({ at: served, resolution: 1000 });
  let worst = 0;
  for (const { at, resolution } of readings) {
    const ahead = timing.sentAt.getTime() - (at + resolution);
    const behind = at - timing.receivedAt.getTime();
    const difference = ahead > CLOCK_TOLERANCE_MS ? ahead : behind > CLOCK_TOLERANCE_MS ? -behind : 0;
    if (Math.abs(difference) > Math.abs(worst)) worst = difference;
  }
  return worst;
}

/** The outcome naming a clock difference found by clockDifference, e.g. "3 min 20 s". */
export function clockOutcome(differenceMs: number): ArcaOutcome {
  return { code: differenceMs > 0 ? 'wsaa_clock_ahead' : 'wsaa_clock_behind', ok: false, params: { difference: formatDuration(Math.abs(differenceMs)) } };
}

function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  const [h, m, s] = [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60];
  if (h) return m ? `${h} h ${m} min` : `${h} h`;
  if (m) return s ? `${m} min ${s} s` : `${m} min`;
  return `${s} s`;
}

export type TicketCheck = { ok: true } | { ok: false; outcome: ArcaOutcome; keep: boolean };

/**
 * A ticket just issued is granted only when it is for this DN, still valid and our clock agrees
 * with ARCA's. One refused for the clock is kept (`keep`): ARCA counts it as issued and refuses
 * another login until it expires.
 */
export function checkTicket(ticket: AccessTicket, holder: TicketHolder, timing: LoginTiming): TicketCheck {
  if (!isIssuedTo(ticket.destination, holder)) {
    return { ok: false, keep: false, outcome: { code: 'wsaa_ticket_other_destination', ok: false, params: { destination: (ticket.destination ?? '—').slice(0, 200), expected: holder.dn } } };
  }
  const difference = clockDifference(timing, ticket.generationTime);
  if (difference !== 0) return { ok: false, keep: true, outcome: clockOutcome(difference) };
  if (!isFresh(ticket.expirationTime, timing.receivedAt)) {
    return { ok: false, keep: false, outcome: { code: 'wsaa_ticket_expired', ok: false, params: { expired: new Date(ticket.expirationTime).toISOString() } } };
  }
  return { ok: true };
}

/** A ticket is used until its expirationTime, less the allowance. */
export function isFresh(expirationTime: string | Date, now: Date): boolean {
  return new Date(expirationTime).getTime() - TICKET_EXPIRY_ALLOWANCE_MS > now.getTime();
}
