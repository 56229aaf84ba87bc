import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { FeVoucher, NumberedFeVoucher, WsfeError } from '@/lib/arca';
import { schema, type Db } from '@/lib/db';

export type SendStatus = 'pending' | 'approved' | 'rejected' | 'review';

/** One point of sale and voucher type of one company at ARCA: the sequence a number is taken from. */
export interface VoucherSequence {
  environment: 'sandbox' | 'live';
  cuit: string;
  pointOfSale: number;
  voucherType: number;
}

/** The sending of one invoice entry, as invoice_sends keeps it. */
export interface InvoiceSend extends VoucherSequence {
  entryId: string;
  ownerId: string;
  supplierEntryId: string;
  number: number | null;
  voucher: FeVoucher | NumberedFeVoucher;
  requestHash: string | null;
  status: SendStatus;
  cae: string | null;
  caeExpiry: string | null;
  observations: WsfeError[];
  errors: WsfeError[];
}

const sends = schema.invoiceSends;
type Row = typeof sends.$inferSelect;

const toSend = (row: Row): InvoiceSend => ({
  entryId: row.entryId,
  ownerId: row.ownerId,
  supplierEntryId: row.supplierEntryId,
  environment: row.environment,
  cuit: row.cuit,
  pointOfSale: row.pointOfSale,
  voucherType: row.voucherType,
  number: row.number,
  voucher: row.voucher as FeVoucher,
  requestHash: row.requestHash,
  status: row.status,
  cae: row.cae,
  caeExpiry: row.caeExpiry,
  observations: row.observations as WsfeError[],
  errors: row.errors as WsfeError[],
});

export async function getSend(db: Db, entryId: string): Promise<InvoiceSend | undefined> {
  const [row] = await db.select().from(sends).where(eq(sends.entryId, entryId));
  return row ? toSend(row) : undefined;
}

// A namespace of its own for the two-key advisory locks (the migration lock uses the one-key form).
const SEQUENCE_LOCK_NAMESPACE = 7_340_015;
export const sequenceKey = (s: VoucherSequence) =>
  `${s.environment}|${s.cuit}|${s.pointOfSale}|${s.voucherType}`;

/**
 * `settled`: this entry's own row moved on meanwhile (a second job on the same entry, in another
 * process, reserved a number or recorded ARCA's answer): read it again instead of starting over.
 */
export type Claim =
  { claimed: true } | { claimed: false; holder: string } | { claimed: false; settled: true };

/**
 * Takes the sequence for this entry: one short transaction that holds pg_advisory_xact_lock on the
 * sequence while it checks that no other entry's send is pending there and writes this entry's row
 * as pending (no number yet). The pending row then holds the sequence, across processes, until the
 * send is recorded: the advisory lock only makes the check-and-take atomic, so no transaction stays
 * open over a call to ARCA (PGlite has one connection; a pool must not be drained by waiters).
 */
export async function claimSequence(
  db: Db,
  send: Pick<InvoiceSend, 'entryId' | 'ownerId' | 'supplierEntryId' | 'voucher'> &
    VoucherSequence & { jobId: string },
): Promise<Claim> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${SEQUENCE_LOCK_NAMESPACE}::int, hashtext(${sequenceKey(send)}))`,
    );
    const [holder] = await tx
      .select({ entryId: sends.entryId })
      .from(sends)
      .where(
        and(
          eq(sends.environment, send.environment),
          eq(sends.cuit, send.cuit),
          eq(sends.pointOfSale, send.pointOfSale),
          eq(sends.voucherType, send.voucherType),
          eq(sends.status, 'pending'),
        ),
      );
    if (holder && holder.entryId !== send.entryId)
      return { claimed: false, holder: holder.entryId };
    const values = {
      entryId: send.entryId,
      ownerId: send.ownerId,
      supplierEntryId: send.supplierEntryId,
      environment: send.environment,
      cuit: send.cuit,
      pointOfSale: send.pointOfSale,
      voucherType: send.voucherType,
      number: null,
      voucher: send.voucher,
      requestHash: null,
      status: 'pending' as const,
      cae: null,
      caeExpiry: null,
      observations: [],
      errors: [],
      jobId: send.jobId,
    };
    // Only a row with nothing at ARCA is started over: rejected, or pending without a number.
    const taken = await tx
      .insert(sends)
      .values(values)
      .onConflictDoUpdate({
        target: sends.entryId,
        set: { ...values, updatedAt: sql`now()` },
        setWhere: sql`${sends.status} = 'rejected' or (${sends.status} = 'pending' and ${sends.number} is null)`,
      })
      .returning({ entryId: sends.entryId });
    return taken.length ? { claimed: true } : { claimed: false, settled: true };
  });
}

/** Stores the number and the voucher as it will be sent: committed before FECAESolicitar goes out. */
export async function reserveNumber(
  db: Db,
  entryId: string,
  voucher: NumberedFeVoucher,
  requestHash: string,
): Promise<void> {
  await db
    .update(sends)
    .set({ number: voucher.CbteNro, voucher, requestHash, updatedAt: sql`now()` })
    .where(and(eq(sends.entryId, entryId), eq(sends.status, 'pending')));
}

/** Gives the sequence back without a number: nothing reached ARCA, so nothing is to be reconciled. */
export async function dropClaim(db: Db, entryId: string): Promise<void> {
  await db.delete(sends).where(and(eq(sends.entryId, entryId), eq(sends.status, 'pending')));
}

export async function recordApproved(
  db: Db,
  entryId: string,
  answer: { cae: string; caeExpiry: string; observations: WsfeError[] },
): Promise<void> {
  await db
    .update(sends)
    .set({
      status: 'approved',
      cae: answer.cae,
      caeExpiry: answer.caeExpiry,
      observations: answer.observations,
      errors: [],
      updatedAt: sql`now()`,
    })
    .where(eq(sends.entryId, entryId));
}

/** ARCA refused it: the number is free again at ARCA, so it is released here too. */
export async function recordRejected(
  db: Db,
  entryId: string,
  answer: { errors: WsfeError[]; observations: WsfeError[] },
): Promise<void> {
  await db
    .update(sends)
    .set({
      status: 'rejected',
      number: null,
      errors: answer.errors,
      observations: answer.observations,
      updatedAt: sql`now()`,
    })
    .where(eq(sends.entryId, entryId));
}

/** ARCA holds something else under the number: a person must look; it is never sent again. */
export async function recordReview(db: Db, entryId: string, errors: WsfeError[]): Promise<void> {
  await db
    .update(sends)
    .set({ status: 'review', errors, updatedAt: sql`now()` })
    .where(eq(sends.entryId, entryId));
}
