import 'server-only';
import { and, eq, gt } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import type { ArcaEnvironment } from '@/lib/arca';
import { simulatorTokenHash } from './handle-login-cms';

/**
 * Finds the simulated WSAA ticket a request's token and sign belong to, for one service (a wsfe
 * ticket does not open WSCT, as ARCA's tickets name their service). Answers the represented CUIT,
 * or WSFE's 600 (no such ticket, or expired) / 601 (the CUIT is not the ticket's).
 */
export async function authenticateSim(
  db: Db,
  environment: ArcaEnvironment,
  service: string,
  auth: { token: string; sign: string; cuit: string },
  now: Date,
): Promise<{ cuit: string } | { code: number; message: string }> {
  const t = schema.arcaSimTickets;
  const [ticket] = await db
    .select()
    .from(t)
    .where(
      and(
        eq(t.environment, environment),
        eq(t.tokenHash, simulatorTokenHash(auth.token, auth.sign)),
        eq(t.service, service),
        gt(t.expiresAt, now),
      ),
    )
    .limit(1);
  if (!ticket)
    return {
      code: 600,
      message:
        'ValidacionDeToken: No validaron las fechas del token GenTime, ExpTime, NowUTC o la firma.',
    };
  if (ticket.cuit !== auth.cuit)
    return { code: 601, message: `CUIT representada no incluida en Token: ${auth.cuit}` };
  return { cuit: auth.cuit };
}
