import 'server-only';
import type { ArcaOutcome, WsfeAuth, WsfeOptions } from '@/lib/arca';
import type { Db } from '@/lib/db';
import {
  accessTicketFor,
  arcaEndpoints,
  type ArcaEndpoints,
  type InvoicingSupplierView,
} from '@/lib/registration';
import type { VoucherService } from './send-voucher-kinds';

/** What the ARCA calls of one send need: the web service, its URL and the supplier's ticket for it. */
export interface ArcaSession {
  service: VoucherService;
  options: WsfeOptions;
  auth: WsfeAuth;
}

/** `fromWsaa`: the ticket took a LoginCms (ARCA's time, not the step's). */
export type SessionResult =
  { ok: true; session: ArcaSession; fromWsaa: boolean } | { ok: false; outcome: ArcaOutcome };

// A session is kept per process for a few seconds, and only while its ticket has minutes left: the
// ticket is the one the shared table holds (ARCA issues a new one only once it expired, and the
// table is written only then), so within that window the table would answer the same ticket.
const SESSION_TTL_MS = 10_000;
const TICKET_SPARE_MS = 10 * 60_000;
const sessions = new Map<string, { session: ArcaSession; until: number }>();

/**
 * A WSAA ticket for the supplier and the service (the shared ticket table, briefly kept per process)
 * and that service's endpoint in its environment: WSFE, or WSCT for a Factura T.
 */
export async function openArcaSession(
  db: Db,
  supplier: InvoicingSupplierView,
  settings: { service: VoucherService; endpoints?: ArcaEndpoints; timeoutMs?: number },
  now = Date.now(),
): Promise<SessionResult> {
  const { service } = settings;
  const endpoints = arcaEndpoints(supplier.environment, settings.endpoints);
  const key = `${supplier.entryId}|${service}|${endpoints.wsaa}|${endpoints[service]}|${settings.timeoutMs ?? ''}`;
  const kept = sessions.get(key);
  if (kept && kept.until > now) return { ok: true, session: kept.session, fromWsaa: false };
  const ticket = await accessTicketFor(
    db,
    supplier,
    supplier.credentials,
    settings.endpoints,
    service,
  );
  if (!ticket.ok) return { ok: false, outcome: ticket.outcome };
  const session: ArcaSession = {
    service,
    options: {
      url: endpoints[service],
      ...(settings.timeoutMs ? { timeoutMs: settings.timeoutMs } : {}),
    },
    auth: { token: ticket.ticket.token, sign: ticket.ticket.sign, cuit: supplier.company.cuit },
  };
  const until = Math.min(
    now + SESSION_TTL_MS,
    Date.parse(ticket.ticket.expirationTime) - TICKET_SPARE_MS,
  );
  if (until > now) remember(sessions, key, { session, until }, now);
  else sessions.delete(key);
  return { ok: true, session, fromWsaa: ticket.from === 'wsaa' };
}

/** Sets the key, dropping expired keys once the map grows (workspaces come and go). */
export function remember<T extends { until: number }>(
  map: Map<string, T>,
  key: string,
  value: T,
  now: number,
): void {
  if (map.size >= 1_000) for (const [k, v] of map) if (v.until <= now) map.delete(k);
  map.set(key, value);
}
