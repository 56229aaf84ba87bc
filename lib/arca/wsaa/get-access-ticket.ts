import 'server-only';
import { X509Certificate } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import type { SoapTransport } from '../soap/post-soap';
import type { ArcaEnvironment, ArcaOutcome } from '../types';
import {
  breaksLogin,
  checkTicket,
  clockDifference,
  clockOutcome,
  isFresh,
  ticketHolder,
  TICKET_LIFETIME_MS,
  type TicketHolder,
} from './check-ticket';
import { loginCms } from './login-cms';
import type { AccessTicket } from './parse-login-cms';
import { countTicketIssued } from '@/lib/metrics';
import { openTicketPart, sealTicketPart } from './ticket-seal';

interface GetAccessTicketOptions {
  db: Db;
  environment: ArcaEnvironment;
  /** The WSAA LoginCms URL of that environment (getEnv().arca[environment].wsaa). */
  url: string;
  certificatePem: string;
  privateKeyPem: string;
  service?: string;
  now?: () => Date;
  timeoutMs?: number;
  transport?: SoapTransport;
}

type AccessTicketResult =
  { ok: true; ticket: AccessTicket; from: 'cache' | 'wsaa' } | { ok: false; outcome: ArcaOutcome };

// When another instance logged in first (coe.alreadyAuthenticated), its ticket lands here shortly.
const PEER_WAIT_MS = [100, 300, 800, 1500];
// WSAA faults about the request's times: with ARCA's Date in hand, the clock is named instead.
const TIME_FAULTS = new Set(['wsaa_generation_time_invalid', 'wsaa_expiration_time_invalid']);
const { arcaTickets } = schema;
const inFlight = new Map<string, Promise<AccessTicketResult>>();

type Key = { environment: ArcaEnvironment; holder: TicketHolder; service: string };

/**
 * A WSAA ticket for (environment, certificate DN, service), from the shared cache or a fresh
 * LoginCms. ARCA issues tickets to the DN (alias and CUIT), so a re-issued certificate with the
 * same alias reuses the ticket its predecessor got.
 */
export async function getAccessTicket(
  options: GetAccessTicketOptions,
): Promise<AccessTicketResult> {
  const holder = ticketHolder(new X509Certificate(options.certificatePem).subject);
  // Without alias and CUIT ARCA authorizes nothing (it answers coe.notAuthorized); ask it anyway, uncached.
  if (!holder) return login(options, undefined);
  const key: Key = { environment: options.environment, holder, service: options.service ?? 'wsfe' };
  const cached = await readCached(options, key);
  if (cached?.ok) return { ok: true, ticket: cached.ticket, from: 'cache' };
  // One login per key per process; other processes are covered by the peer wait below.
  const id = `${key.environment}|${holder.dn}|${key.service}`;
  const pending = inFlight.get(id) ?? login(options, key).finally(() => inFlight.delete(id));
  inFlight.set(id, pending);
  return pending;
}

async function login(
  options: GetAccessTicketOptions,
  key: Key | undefined,
): Promise<AccessTicketResult> {
  const clock = () => options.now?.() ?? new Date();
  const sentAt = clock();
  const result = await loginCms({
    ...options,
    service: key?.service ?? options.service ?? 'wsfe',
    now: sentAt,
  });
  const timing = { sentAt, receivedAt: clock(), serverDate: result.serverDate };
  if (result.ok) {
    countTicketIssued(options.environment);
    if (!key) return { ok: true, ticket: result.ticket, from: 'wsaa' };
    const check = checkTicket(result.ticket, key.holder, timing);
    if (check.ok || check.keep) await store(options.db, key, result.ticket, check.clockOffsetMs);
    return check.ok
      ? { ok: true, ticket: result.ticket, from: 'wsaa' }
      : { ok: false, outcome: check.outcome };
  }
  const difference = clockDifference(timing);
  if (difference !== 0 && TIME_FAULTS.has(result.outcome.code))
    return { ok: false, outcome: clockOutcome(difference) };
  if (key && result.outcome.code === 'wsaa_already_authenticated') {
    // ARCA's Date measures the clock again: a ticket kept while the clock was off is usable once it is right.
    if (timing.serverDate) await remeasureClock(options.db, key, difference);
    for (const wait of PEER_WAIT_MS) {
      const cached = await readCached(options, key);
      if (cached?.ok === false) return cached;
      if (cached) return { ok: true, ticket: cached.ticket, from: 'cache' };
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
    return {
      ok: false,
      outcome: {
        ...result.outcome,
        params: { until: (await refusedUntil(options, key, timing.receivedAt)).toISOString() },
      },
    };
  }
  return { ok: false, outcome: result.outcome };
}

/**
 * When ARCA will issue a ticket again: our own ticket's expiry when it is the one still running
 * (its last seconds, no longer handed out); otherwise the ticket is another system's, its expiry
 * unknown, and it was issued at the latest now.
 */
async function refusedUntil(options: GetAccessTicketOptions, key: Key, now: Date): Promise<Date> {
  const row = await readRow(options.db, key);
  return row && row.expirationTime.getTime() > now.getTime() - row.clockOffsetMs
    ? row.expirationTime
    : new Date(now.getTime() - (row?.clockOffsetMs ?? 0) + TICKET_LIFETIME_MS);
}

async function readRow(db: Db, key: Key) {
  const [row] = await db
    .select()
    .from(arcaTickets)
    .where(
      and(
        eq(arcaTickets.environment, key.environment),
        eq(arcaTickets.cuit, key.holder.cuit),
        eq(arcaTickets.dn, key.holder.dn),
        eq(arcaTickets.service, key.service),
      ),
    )
    .limit(1);
  return row;
}

/**
 * The stored ticket while it is valid on ARCA's clock. One stored while our clock was too far off
 * for WSAA is not handed out: the clock is named instead (a login then measures it again).
 */
async function readCached(
  options: GetAccessTicketOptions,
  key: Key,
): Promise<{ ok: true; ticket: AccessTicket } | { ok: false; outcome: ArcaOutcome } | undefined> {
  const row = await readRow(options.db, key);
  if (!row || !isFresh(row.expirationTime, options.now?.() ?? new Date(), row.clockOffsetMs))
    return undefined;
  if (breaksLogin(row.clockOffsetMs))
    return { ok: false, outcome: clockOutcome(row.clockOffsetMs) };
  const token = openTicketPart(row.token, row, 'token');
  const sign = openTicketPart(row.sign, row, 'sign');
  // Sealed under a master key no longer configured: as good as no ticket (a login replaces it).
  if (token === undefined || sign === undefined) return undefined;
  return {
    ok: true,
    ticket: {
      token,
      sign,
      generationTime: row.generationTime.toISOString(),
      expirationTime: row.expirationTime.toISOString(),
      destination: row.dn,
    },
  };
}

async function remeasureClock(db: Db, key: Key, clockOffsetMs: number): Promise<void> {
  await db
    .update(arcaTickets)
    .set({ clockOffsetMs: storableOffset(clockOffsetMs), updatedAt: new Date() })
    .where(
      and(
        eq(arcaTickets.environment, key.environment),
        eq(arcaTickets.cuit, key.holder.cuit),
        eq(arcaTickets.dn, key.holder.dn),
        eq(arcaTickets.service, key.service),
      ),
    );
}

async function store(db: Db, key: Key, ticket: AccessTicket, clockOffsetMs: number): Promise<void> {
  const row = {
    environment: key.environment,
    cuit: key.holder.cuit,
    dn: key.holder.dn,
    service: key.service,
  };
  // Sealed at rest: a leaked dump or backup must not give 12 hours of invoicing as every supplier.
  const values = {
    ...row,
    token: sealTicketPart(ticket.token, row, 'token'),
    sign: sealTicketPart(ticket.sign, row, 'sign'),
    generationTime: new Date(ticket.generationTime),
    expirationTime: new Date(ticket.expirationTime),
    clockOffsetMs: storableOffset(clockOffsetMs),
    updatedAt: new Date(),
  };
  await db
    .insert(arcaTickets)
    .values(values)
    .onConflictDoUpdate({
      target: [arcaTickets.environment, arcaTickets.cuit, arcaTickets.dn, arcaTickets.service],
      set: values,
    });
}

// The column is a 32-bit integer (±24 days): any difference near that breaks every login anyway.
const storableOffset = (ms: number) =>
  Math.max(-2_147_483_647, Math.min(2_147_483_647, Math.round(ms)));
