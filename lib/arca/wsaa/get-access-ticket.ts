import 'server-only';
import { X509Certificate } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import type { SoapTransport } from '../soap/post-soap';
import type { ArcaEnvironment, ArcaOutcome } from '../types';
import { loginCms } from './login-cms';
import type { AccessTicket } from './parse-login-cms';

export interface GetAccessTicketOptions {
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

export type AccessTicketResult = { ok: true; ticket: AccessTicket; from: 'cache' | 'wsaa' } | { ok: false; outcome: ArcaOutcome };

// A cached ticket is used until 5 minutes before it expires, so no WSFE call starts on a dying one.
export const TICKET_MARGIN_MS = 5 * 60_000;
// When another instance logged in first (coe.alreadyAuthenticated), its ticket lands here shortly.
const PEER_WAIT_MS = [100, 300, 800, 1500];
const { arcaTickets } = schema;
const inFlight = new Map<string, Promise<AccessTicketResult>>();

/** A WSAA ticket for (environment, certificate, service), from the shared cache or a fresh LoginCms. */
export async function getAccessTicket(options: GetAccessTicketOptions): Promise<AccessTicketResult> {
  const service = options.service ?? 'wsfe';
  const fingerprint = new X509Certificate(options.certificatePem).fingerprint256;
  const key = `${options.environment}|${fingerprint}|${service}`;
  const cached = await readCached(options, fingerprint, service);
  if (cached) return { ok: true, ticket: cached, from: 'cache' };
  // One login per key per process; other processes are covered by the peer wait below.
  const pending = inFlight.get(key) ?? login(options, fingerprint, service).finally(() => inFlight.delete(key));
  inFlight.set(key, pending);
  return pending;
}

async function login(options: GetAccessTicketOptions, fingerprint: string, service: string): Promise<AccessTicketResult> {
  const now = options.now?.() ?? new Date();
  const result = await loginCms({ ...options, service, now });
  if (result.ok) {
    await store(options, fingerprint, service, result.ticket);
    return { ok: true, ticket: result.ticket, from: 'wsaa' };
  }
  if (result.outcome.code === 'wsaa_already_authenticated') {
    for (const wait of PEER_WAIT_MS) {
      const cached = await readCached(options, fingerprint, service);
      if (cached) return { ok: true, ticket: cached, from: 'cache' };
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
  return { ok: false, outcome: result.outcome };
}

async function readCached(options: GetAccessTicketOptions, fingerprint: string, service: string): Promise<AccessTicket | undefined> {
  const freshUntil = new Date((options.now?.() ?? new Date()).getTime() + TICKET_MARGIN_MS);
  const [row] = await options.db
    .select()
    .from(arcaTickets)
    .where(
      and(
        eq(arcaTickets.environment, options.environment),
        eq(arcaTickets.certificateFingerprint, fingerprint),
        eq(arcaTickets.service, service),
        gt(arcaTickets.expirationTime, freshUntil),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  return { token: row.token, sign: row.sign, generationTime: row.generationTime.toISOString(), expirationTime: row.expirationTime.toISOString() };
}

async function store(options: GetAccessTicketOptions, fingerprint: string, service: string, ticket: AccessTicket): Promise<void> {
  const values = {
    environment: options.environment,
    certificateFingerprint: fingerprint,
    service,
    token: ticket.token,
    sign: ticket.sign,
    generationTime: new Date(ticket.generationTime),
    expirationTime: new Date(ticket.expirationTime),
    updatedAt: new Date(),
  };
  await options.db
    .insert(arcaTickets)
    .values(values)
    .onConflictDoUpdate({ target: [arcaTickets.environment, arcaTickets.certificateFingerprint, arcaTickets.service], set: values });
}
