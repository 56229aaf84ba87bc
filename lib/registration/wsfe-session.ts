import 'server-only';
import { eq } from 'drizzle-orm';
import type { ArcaOutcome, WsfeAuth, WsfeOptions } from '@/lib/arca';
import { schema, type Db } from '@/lib/db';
import {
  accessTicketFor,
  arcaEndpoints,
  openPrivateKey,
  type ArcaEndpoints,
} from './access-ticket';
import type { Supplier } from './supplier';

export interface OpenWsfeSession {
  ok: true;
  options: WsfeOptions;
  auth: WsfeAuth;
}
export type WsfeSession = OpenWsfeSession | { ok: false; outcome: ArcaOutcome };

/** What every WSFE call for the supplier needs: the URL of its environment and a WSAA ticket from its validated credentials. */
export async function openWsfeSession(
  db: Db,
  supplier: Pick<Supplier, 'entryId' | 'environment' | 'company'>,
  endpoints?: ArcaEndpoints,
): Promise<WsfeSession> {
  const [row] = await db
    .select()
    .from(schema.registrationCredentials)
    .where(eq(schema.registrationCredentials.entryId, supplier.entryId));
  if (!row?.certificatePem || !row.validatedAt)
    return { ok: false, outcome: { code: 'key_missing', ok: false } };
  const privateKeyPem = openPrivateKey(supplier, row.keySealed);
  const ticket = await accessTicketFor(
    db,
    supplier,
    { certificatePem: row.certificatePem, privateKeyPem },
    endpoints,
  );
  if (!ticket.ok) return { ok: false, outcome: ticket.outcome };
  return {
    ok: true,
    options: { url: arcaEndpoints(supplier.environment, endpoints).wsfe },
    auth: { token: ticket.ticket.token, sign: ticket.ticket.sign, cuit: supplier.company.cuit },
  };
}
