import 'server-only';
import { and, isNotNull, lt, sql } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';

/** Validated certificates whose validity ends within `days` days of `now` (already expired ones included). */
export async function countCertificatesExpiring(
  db: Db,
  days: number,
  now = new Date(),
): Promise<number> {
  const until = new Date(now.getTime() + days * 86_400_000);
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(schema.registrationCredentials)
    .where(
      and(
        isNotNull(schema.registrationCredentials.validatedAt),
        lt(schema.registrationCredentials.certificateNotAfter, until),
      ),
    );
  return row?.count ?? 0;
}
