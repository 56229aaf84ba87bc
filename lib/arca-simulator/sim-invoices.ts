import 'server-only';
import { and, eq, max } from 'drizzle-orm';
import type { ArcaEnvironment } from '@/lib/arca';
import { schema, type Db } from '@/lib/db';

const t = schema.arcaSimInvoices;

const sequenceOf = (
  environment: ArcaEnvironment,
  cuit: string,
  pointOfSale: number,
  type: number,
) =>
  and(
    eq(t.environment, environment),
    eq(t.cuit, cuit),
    eq(t.pointOfSale, pointOfSale),
    eq(t.voucherType, type),
  );

/** The last number the simulated ARCA issued on a sequence (WSFE's or WSCT's), 0 for none. */
export async function lastSimNumber(
  db: Db,
  environment: ArcaEnvironment,
  cuit: string,
  pointOfSale: number,
  type: number,
): Promise<number> {
  const [row] = await db
    .select({ last: max(t.number) })
    .from(t)
    .where(sequenceOf(environment, cuit, pointOfSale, type));
  return row?.last ?? 0;
}

/** The voucher the simulated ARCA issued under a number, if any. */
export async function findSimInvoice(
  db: Db,
  environment: ArcaEnvironment,
  cuit: string,
  pointOfSale: number,
  type: number,
  number: number,
) {
  const [row] = await db
    .select()
    .from(t)
    .where(and(sequenceOf(environment, cuit, pointOfSale, type), eq(t.number, number)))
    .limit(1);
  return row;
}
