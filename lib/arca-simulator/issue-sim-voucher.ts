import 'server-only';
import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/lib/db';
import type { ArcaEnvironment } from '@/lib/arca';
import { addDays } from './yyyymmdd';

export interface IssuedVoucher {
  cae: string;
  caeExpiry: string;
}

/**
 * Commits the voucher under its number if, in the same statement, that number is the sequence's last
 * + 1 and the previous voucher is not dated after it; the primary key makes concurrent requests for
 * one number commit at most once. undefined: not the next number (WSFE's 10016). Both simulated
 * services number here: WSFE's types and WSCT's (195–197) never share a sequence.
 */
export async function issueSimVoucher(
  db: Db,
  input: {
    environment: ArcaEnvironment;
    cuit: string;
    sequence: { pointOfSale: number; type: number; number: number };
    /** The request as received, stored for the consultation methods. */
    request: unknown;
    /** yyyymmdd */
    voucherDate: string;
    observations: { code: number | string; message: string }[];
    now: Date;
  },
): Promise<IssuedVoucher | undefined> {
  const { environment, cuit, voucherDate } = input;
  const { pointOfSale, type, number } = input.sequence;
  if (!Number.isInteger(number) || number < 1 || number > 99_999_999) return undefined;
  const cae = String(randomInt(10 ** 13, 10 ** 14));
  const caeExpiry = addDays(voucherDate, 10);
  const same = sql`environment = ${environment} AND cuit = ${cuit} AND point_of_sale = ${pointOfSale} AND voucher_type = ${type}`;
  const rows = await queryRows<{ number: number }>(
    db,
    sql`INSERT INTO arca_sim_invoices (environment, cuit, point_of_sale, voucher_type, number, voucher_date, request, cae, cae_expiry, observations, created_at)
      SELECT ${environment}, ${cuit}, ${pointOfSale}, ${type}, ${number}, ${voucherDate}, ${JSON.stringify(input.request)}::jsonb, ${cae}, ${caeExpiry}, ${JSON.stringify(input.observations)}::jsonb, ${input.now.toISOString()}::timestamptz
      WHERE (SELECT coalesce(max(number), 0) FROM arca_sim_invoices WHERE ${same}) = ${number - 1}
        AND NOT EXISTS (SELECT 1 FROM arca_sim_invoices WHERE ${same} AND number = ${number - 1} AND voucher_date > ${voucherDate})
      ON CONFLICT DO NOTHING
      RETURNING number`,
  );
  return rows.length ? { cae, caeExpiry } : undefined;
}
