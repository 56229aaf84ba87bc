import 'server-only';
import type { ArcaOutcome, WsfeAuth, WsfeOptions } from '@/lib/arca';
import type { Db } from '@/lib/db';
import {
  accessTicketFor,
  arcaEndpoints,
  type ArcaEndpoints,
  type InvoicingSupplierView,
} from '@/lib/registration';

/** What the WSFE calls of one send need: the URL and the supplier's ticket. */
export interface ArcaSession {
  options: WsfeOptions;
  auth: WsfeAuth;
}

export type SessionResult =
  { ok: true; session: ArcaSession } | { ok: false; outcome: ArcaOutcome };

/** A WSAA ticket for the supplier (cached across sends) and the WSFE endpoint of its environment. */
export async function openArcaSession(
  db: Db,
  supplier: InvoicingSupplierView,
  settings: { endpoints?: ArcaEndpoints; timeoutMs?: number },
): Promise<SessionResult> {
  const ticket = await accessTicketFor(db, supplier, supplier.credentials, settings.endpoints);
  if (!ticket.ok) return { ok: false, outcome: ticket.outcome };
  return {
    ok: true,
    session: {
      options: {
        url: arcaEndpoints(supplier.environment, settings.endpoints).wsfe,
        ...(settings.timeoutMs ? { timeoutMs: settings.timeoutMs } : {}),
      },
      auth: { token: ticket.ticket.token, sign: ticket.ticket.sign, cuit: supplier.company.cuit },
    },
  };
}
