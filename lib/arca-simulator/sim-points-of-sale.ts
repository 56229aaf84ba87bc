import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { ArcaEnvironment } from '@/lib/arca';
import { schema, type Db } from '@/lib/db';

/** The points of sale a company has registered at the simulated ARCA, in one environment. */
export function simPointsOfSale(db: Db, environment: ArcaEnvironment, cuit: string) {
  const p = schema.arcaSimPointsOfSale;
  return db
    .select()
    .from(p)
    .where(and(eq(p.environment, environment), eq(p.cuit, cuit)));
}
