import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Keyring, ResealCount } from '@/lib/crypto';
import { schema, type Db } from '@/lib/db';
import { openTicketPart, sealTicketPart, type TicketRowKey } from './ticket-seal';

const { arcaTickets } = schema;

/**
 * Master key rotation for WSAA tickets: seals the ones stored in clear before tickets were sealed,
 * and re-seals under the current key those under an older one. One row per certificate and service,
 * so the table is read whole; a ticket written meanwhile is never overwritten.
 */
export async function resealArcaTickets(db: Db, keyring: Keyring): Promise<ResealCount> {
  const count: ResealCount = { resealed: 0, unreadable: 0 };
  const current = `s1.${keyring.current}.`;
  const rows = await db
    .select({
      environment: arcaTickets.environment,
      cuit: arcaTickets.cuit,
      dn: arcaTickets.dn,
      service: arcaTickets.service,
      token: arcaTickets.token,
      sign: arcaTickets.sign,
    })
    .from(arcaTickets);
  for (const row of rows) {
    if (row.token.startsWith(current) && row.sign.startsWith(current)) continue;
    const key: TicketRowKey = row;
    const token = openTicketPart(row.token, key, 'token', keyring);
    const sign = openTicketPart(row.sign, key, 'sign', keyring);
    if (token === undefined || sign === undefined) {
      count.unreadable++;
      continue;
    }
    const updated = await db
      .update(arcaTickets)
      .set({
        token: sealTicketPart(token, key, 'token', keyring),
        sign: sealTicketPart(sign, key, 'sign', keyring),
      })
      .where(
        and(
          eq(arcaTickets.environment, row.environment),
          eq(arcaTickets.cuit, row.cuit),
          eq(arcaTickets.dn, row.dn),
          eq(arcaTickets.service, row.service),
          eq(arcaTickets.token, row.token),
        ),
      )
      .returning({ cuit: arcaTickets.cuit });
    if (updated.length > 0) count.resealed++;
  }
  return count;
}
