import { cuitFromSubject, nameField } from '../summarize-certificate';
import type { ArcaOutcome } from '../types';
import { TRA_SKEW_MS } from './build-tra';
import type { AccessTicket } from './parse-login-cms';

/** ARCA's tickets last 12 h from the login (generationTime → expirationTime). */
export const TICKET_LIFETIME_MS = 12 * 3_600_000;

// Our login ticket requests say they were generated this long ago and expire this long ahead
// (build-tra.ts): WSAA refuses them when our clock is further than that from its own. Within it a
// login works, and the measured difference is applied to the ticket's times instead.
const CLOCK_WINDOW_MS = TRA_SKEW_MS;

// A ticket is handed out until this long before it expires (on ARCA's clock): a WSFE call started
// just before must still arrive in time (calls time out at 20 s), and a clock difference is
// measured to within the network delay.
const TICKET_EXPIRY_ALLOWANCE_MS = 50_000;

/** Whom ARCA issues a ticket to: the certificate's DN, alias (CN) and CUIT (serialNumber). */
export interface TicketHolder {
  cuit: string;
  alias: string;
  /** "SERIALNUMBER=CUIT <cuit>, CN=<alias>", as ARCA writes the ticket's destination. */
  dn: string;
}

/** When the LoginCms left and its answer came back (local clock), and ARCA's HTTP Date if it sent one. */
interface LoginTiming {
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
  return (
    field('SERIALNUMBER') === `CUIT ${holder.cuit}` &&
    field('CN')?.toLowerCase() === holder.alias.toLowerCase()
  );
}

/**
 * How far this server's clock is from ARCA's, in ms (positive: ours is ahead), 0 when the readings
 * cannot tell them apart. ARCA's times (the ticket's generationTime, the HTTP Date) fell between
 * sending and receiving, so the network delay is not mistaken for a clock difference.
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
    const difference = ahead > 0 ? ahead : behind > 0 ? -behind : 0;
    if (Math.abs(difference) > Math.abs(worst)) worst = difference;
  }
  return worst;
}

/** True when a clock this far from ARCA's makes WSAA refuse our login requests. */
export function breaksLogin(differenceMs: number): boolean {
  return Math.abs(differenceMs) > CLOCK_WINDOW_MS;
}

/** The outcome naming a clock difference found by clockDifference, e.g. "3 min 20 s". */
export function clockOutcome(differenceMs: number): ArcaOutcome {
  return {
    code: differenceMs > 0 ? 'wsaa_clock_ahead' : 'wsaa_clock_behind',
    ok: false,
    params: { difference: formatDuration(Math.abs(differenceMs)) },
  };
}

function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  const [h, m, s] = [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60];
  if (h) return m ? `${h} h ${m} min` : `${h} h`;
  if (m) return s ? `${m} min ${s} s` : `${m} min`;
  return `${s} s`;
}

type TicketCheck =
  | { ok: true; clockOffsetMs: number }
  | { ok: false; outcome: ArcaOutcome; keep: boolean; clockOffsetMs: number };

/**
 * A ticket just issued is granted only when it is for this DN and still valid on ARCA's clock. Our
 * clock's difference from ARCA's comes with it (`clockOffsetMs`): within WSAA's window it is applied
 * to the ticket's times; beyond it the ticket is refused but kept (`keep`): ARCA counts it as issued
 * and refuses another login until it expires.
 */
export function checkTicket(
  ticket: AccessTicket,
  holder: TicketHolder,
  timing: LoginTiming,
): TicketCheck {
  const clockOffsetMs = clockDifference(timing, ticket.generationTime);
  if (!isIssuedTo(ticket.destination, holder)) {
    return {
      ok: false,
      keep: false,
      clockOffsetMs,
      outcome: {
        code: 'wsaa_ticket_other_destination',
        ok: false,
        params: { destination: (ticket.destination ?? '—').slice(0, 200), expected: holder.dn },
      },
    };
  }
  if (breaksLogin(clockOffsetMs))
    return { ok: false, keep: true, clockOffsetMs, outcome: clockOutcome(clockOffsetMs) };
  if (!isFresh(ticket.expirationTime, timing.receivedAt, clockOffsetMs)) {
    return {
      ok: false,
      keep: false,
      clockOffsetMs,
      outcome: {
        code: 'wsaa_ticket_expired',
        ok: false,
        params: { expired: new Date(ticket.expirationTime).toISOString() },
      },
    };
  }
  return { ok: true, clockOffsetMs };
}

/** A ticket is used until its expirationTime on ARCA's clock (ours less the offset), less the allowance. */
export function isFresh(expirationTime: string | Date, now: Date, clockOffsetMs = 0): boolean {
  return (
    new Date(expirationTime).getTime() - TICKET_EXPIRY_ALLOWANCE_MS > now.getTime() - clockOffsetMs
  );
}
