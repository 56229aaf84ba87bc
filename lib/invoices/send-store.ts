import 'server-only';
import { z } from 'zod';
import type { WsfeError } from '@/lib/arca';
import { runStatement, statement, type Db } from '@/lib/db';
import {
  numberedSendVoucherSchema,
  sendVoucherSchema,
  type NumberedSendVoucher,
  type SendVoucher,
} from './send-voucher-kinds';

export type SendStatus = 'pending' | 'approved' | 'rejected' | 'review';

/** One point of sale and voucher type of one company at ARCA: the sequence a number is taken from. */
export interface VoucherSequence {
  environment: 'sandbox' | 'live';
  cuit: string;
  pointOfSale: number;
  voucherType: number;
}

/**
 * The voucher column as read back: with its number on a numbered row (the number, point of sale
 * and voucher type agreeing with the row's), without one otherwise, or why it cannot be read.
 */
export type StoredVoucher =
  | { kind: 'numbered'; voucher: NumberedSendVoucher }
  | { kind: 'unnumbered'; voucher: SendVoucher }
  /** A rejected row's: the voucher as it was sent, under the number since released. */
  | { kind: 'released'; voucher: NumberedSendVoucher }
  | { kind: 'unreadable'; problem: string };

/** The sending of one invoice entry, as invoice_sends keeps it. */
export interface InvoiceSend extends VoucherSequence {
  entryId: string;
  ownerId: string;
  supplierEntryId: string;
  number: number | null;
  stored: StoredVoucher;
  requestHash: string | null;
  status: SendStatus;
  cae: string | null;
  caeExpiry: string | null;
  observations: WsfeError[];
  errors: WsfeError[];
  /** The job whose send claimed the row (or, in a batch, whose send the batch carried). */
  jobId: string | null;
  /** The entry whose send carried this one in a batch (its own id for the one that sent it). */
  batchOf: string | null;
}

const sendByEntry = statement(
  'invoice_send_by_entry',
  `select entry_id, owner_id, supplier_entry_id, environment, cuit, point_of_sale, voucher_type,
     number, voucher, request_hash, status, cae, cae_expiry, observations, errors, job_id, batch_of
   from invoice_sends where entry_id = $1`,
);

// PGlite hands jsonb back parsed, node-postgres too; a driver that answers text is read the same.
const json = z.preprocess(
  (value) => (typeof value === 'string' ? JSON.parse(value) : value),
  z.unknown(),
);
const wsfeErrors = z.preprocess(
  (value) => (typeof value === 'string' ? JSON.parse(value) : value),
  z.array(z.object({ code: z.number(), message: z.string() })),
);
const sendRow = z.object({
  entry_id: z.coerce.string(),
  owner_id: z.coerce.string(),
  supplier_entry_id: z.coerce.string(),
  environment: z.enum(['sandbox', 'live']),
  cuit: z.coerce.string(),
  point_of_sale: z.coerce.number().int(),
  voucher_type: z.coerce.number().int(),
  number: z.coerce.number().int().nullable(),
  voucher: json,
  request_hash: z.string().nullable(),
  status: z.enum(['pending', 'approved', 'rejected', 'review']),
  cae: z.string().nullable(),
  cae_expiry: z.string().nullable(),
  observations: wsfeErrors,
  errors: wsfeErrors,
  job_id: z.coerce.string().nullable(),
  batch_of: z.coerce.string().nullable(),
});

const oneLine = (error: z.ZodError) => z.prettifyError(error).replace(/\s*\n\s*/g, '; ');

/** The stored voucher checked against the contract and against its own row. */
function readVoucher(row: z.infer<typeof sendRow>): StoredVoucher {
  if (row.number === null) {
    const parsed = sendVoucherSchema.safeParse(row.voucher);
    const sent = row.status === 'rejected' && numberedSendVoucherSchema.safeParse(row.voucher);
    if (sent && sent.success) return { kind: 'released', voucher: sent.data };
    return parsed.success
      ? { kind: 'unnumbered', voucher: parsed.data }
      : {
          kind: 'unreadable',
          problem: `the stored voucher is not one (${oneLine(parsed.error)})`,
        };
  }
  const parsed = numberedSendVoucherSchema.safeParse(row.voucher);
  if (!parsed.success)
    return {
      kind: 'unreadable',
      problem: `the voucher stored under number ${row.number} is not one (${oneLine(parsed.error)})`,
    };
  const voucher = parsed.data;
  const disagrees = [
    voucher.CbteNro !== row.number &&
      `CbteNro ${voucher.CbteNro} (the row's number is ${row.number})`,
    voucher.PtoVta !== row.point_of_sale &&
      `PtoVta ${voucher.PtoVta} (the row's point of sale is ${row.point_of_sale})`,
    voucher.CbteTipo !== row.voucher_type &&
      `CbteTipo ${voucher.CbteTipo} (the row's voucher type is ${row.voucher_type})`,
  ].filter((d): d is string => typeof d === 'string');
  if (disagrees.length)
    return {
      kind: 'unreadable',
      problem: `the voucher stored under number ${row.number} disagrees with its row: ${disagrees.join(', ')}`,
    };
  return { kind: 'numbered', voucher };
}

/** The entry's send, its voucher validated as it is read (never trusted as written). */
export async function getSend(db: Db, entryId: string): Promise<InvoiceSend | undefined> {
  const [found] = await runStatement<Record<string, unknown>>(db, sendByEntry, [entryId]);
  if (!found) return undefined;
  const row = sendRow.parse(found);
  return {
    entryId: row.entry_id,
    ownerId: row.owner_id,
    supplierEntryId: row.supplier_entry_id,
    environment: row.environment,
    cuit: row.cuit,
    pointOfSale: row.point_of_sale,
    voucherType: row.voucher_type,
    number: row.number,
    stored: readVoucher(row),
    requestHash: row.request_hash,
    status: row.status,
    cae: row.cae,
    caeExpiry: row.cae_expiry,
    observations: row.observations,
    errors: row.errors,
    jobId: row.job_id,
    batchOf: row.batch_of,
  };
}

export const sequenceKey = (s: VoucherSequence) =>
  `${s.environment}|${s.cuit}|${s.pointOfSale}|${s.voucherType}`;

/**
 * `settled`: this entry's own row moved on meanwhile (a second job on the same entry, in another
 * process, reserved a number or recorded ARCA's answer): read it again instead of starting over.
 */
export type Claim = { claimed: true } | { claimed: false } | { claimed: false; settled: true };

// Only a row with nothing at ARCA is started over: rejected, or pending without a number; and only
// while no batch's pending row holds the sequence (the batch's own claim is the unique index's).
const claim = statement(
  'invoice_send_claim',
  `insert into invoice_sends (entry_id, owner_id, supplier_entry_id, environment, cuit, point_of_sale,
     voucher_type, number, voucher, request_hash, status, cae, cae_expiry, observations, errors, job_id)
   select $1, $2, $3, $4, $5, $6, $7, null, $8::jsonb, null, 'pending', null, null, '[]', '[]', $9
   where not exists (select 1 from invoice_sends b where b.environment = $4 and b.cuit = $5
       and b.point_of_sale = $6 and b.voucher_type = $7 and b.status = 'pending'
       and b.batch_of is not null)
   on conflict (entry_id) do update set owner_id = excluded.owner_id,
     supplier_entry_id = excluded.supplier_entry_id, environment = excluded.environment,
     cuit = excluded.cuit, point_of_sale = excluded.point_of_sale, voucher_type = excluded.voucher_type,
     number = null, voucher = excluded.voucher, request_hash = null, status = 'pending', cae = null,
     cae_expiry = null, observations = '[]', errors = '[]', job_id = excluded.job_id, batch_of = null,
     updated_at = now()
   where invoice_sends.status = 'rejected'
      or (invoice_sends.status = 'pending' and invoice_sends.number is null)
   returning entry_id`,
);
const batchHolds = statement(
  'invoice_send_batch_holds',
  `select 1 from invoice_sends where environment = $1 and cuit = $2 and point_of_sale = $3
     and voucher_type = $4 and status = 'pending' and batch_of is not null limit 1`,
);
const IN_FLIGHT_INDEX = 'invoice_sends_in_flight_idx';

/**
 * Takes the sequence for this entry: one statement that writes this entry's row as pending (no
 * number yet). The partial unique index invoice_sends_in_flight_idx (one pending row per sequence)
 * decides between senders, across processes and on both databases: a second sender's insert waits
 * for the first's to commit and then fails with a unique violation, which is "held by another".
 * The pending row then holds the sequence until the send is recorded, so no transaction or lock
 * stays open over a call to ARCA (PGlite has one connection; a pool must not be drained by waiters).
 */
export async function claimSequence(
  db: Db,
  send: Pick<InvoiceSend, 'entryId' | 'ownerId' | 'supplierEntryId'> &
    VoucherSequence & { jobId: string; voucher: SendVoucher },
): Promise<Claim> {
  try {
    const taken = await runStatement(db, claim, [
      send.entryId,
      send.ownerId,
      send.supplierEntryId,
      send.environment,
      send.cuit,
      send.pointOfSale,
      send.voucherType,
      JSON.stringify(send.voucher),
      send.jobId,
    ]);
    if (taken.length) return { claimed: true };
    const held = await runStatement(db, batchHolds, [
      send.environment,
      send.cuit,
      send.pointOfSale,
      send.voucherType,
    ]);
    return held.length ? { claimed: false } : { claimed: false, settled: true };
  } catch (error) {
    if (isInFlightConflict(error)) return { claimed: false };
    throw error;
  }
}

const isInFlightConflict = (error: unknown) => isUniqueViolation(error, IN_FLIGHT_INDEX);

export function isUniqueViolation(error: unknown, index: string): boolean {
  for (
    let e = error as
      { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === '23505') return e.constraint === index || String(e.message).includes(index);
  }
  return false;
}

// Only the claim this sender made: a second job on the same entry in another process may have
// claimed the same row meanwhile and numbered it, or recorded ARCA's answer to its own send.
const reserve = statement(
  'invoice_send_reserve',
  `update invoice_sends set number = $2, voucher = $3::jsonb, request_hash = $4, updated_at = now()
   where entry_id = $1 and status = 'pending' and number is null
   returning entry_id`,
);

export const NUMBER_INDEX = 'invoice_sends_number_idx';

/**
 * Stores the number and the voucher as it will be sent: committed before FECAESolicitar goes out.
 * `lost`: the row is no longer this sender's unnumbered claim, nothing may be sent. `held`: another
 * invoice here already holds the number (ARCA's last number is behind what this system holds).
 */
export async function reserveNumber(
  db: Db,
  entryId: string,
  voucher: NumberedSendVoucher,
  requestHash: string,
): Promise<'reserved' | 'lost' | 'held'> {
  try {
    const reserved = await runStatement(db, reserve, [
      entryId,
      voucher.CbteNro,
      JSON.stringify(voucher),
      requestHash,
    ]);
    return reserved.length > 0 ? 'reserved' : 'lost';
  } catch (error) {
    if (isUniqueViolation(error, NUMBER_INDEX)) return 'held';
    throw error;
  }
}

// Only the claim as this sender left it: another job on the same entry may have numbered the row.
const drop = statement(
  'invoice_send_drop',
  `delete from invoice_sends
   where entry_id = $1 and status = 'pending' and number is not distinct from $2::integer`,
);

/**
 * Gives the sequence back: nothing reached ARCA under `number` (null: none was reserved), so
 * nothing is to be reconciled.
 */
export async function dropClaim(db: Db, entryId: string, number: number | null): Promise<void> {
  await runStatement(db, drop, [entryId, number]);
}

const approve = statement(
  'invoice_send_approve',
  `update invoice_sends set status = 'approved', cae = $2, cae_expiry = $3, observations = $4::jsonb,
     errors = '[]', updated_at = now()
   where entry_id = $1 and status = 'pending'
   returning entry_id`,
);

/**
 * Records ARCA's approval on the pending row. False when the row was no longer pending (another
 * run recorded the answer first): the answer is counted once, by whoever recorded it.
 */
export async function recordApproved(
  db: Db,
  entryId: string,
  answer: { cae: string; caeExpiry: string; observations: WsfeError[] },
): Promise<boolean> {
  const recorded = await runStatement(db, approve, [
    entryId,
    answer.cae,
    answer.caeExpiry,
    JSON.stringify(answer.observations),
  ]);
  return recorded.length > 0;
}

const reject = statement(
  'invoice_send_reject',
  `update invoice_sends set status = 'rejected', number = null, errors = $2::jsonb,
     observations = $3::jsonb, updated_at = now()
   where entry_id = $1 and status = 'pending'
   returning entry_id`,
);

/** ARCA refused it: the number is free again at ARCA, so it is released here too. False as recordApproved. */
export async function recordRejected(
  db: Db,
  entryId: string,
  answer: { errors: WsfeError[]; observations: WsfeError[] },
): Promise<boolean> {
  const recorded = await runStatement(db, reject, [
    entryId,
    JSON.stringify(answer.errors),
    JSON.stringify(answer.observations),
  ]);
  return recorded.length > 0;
}

// Only a send still pending: another job on the same entry may have recorded ARCA's answer first.
const review = statement(
  'invoice_send_review',
  `update invoice_sends set status = 'review', errors = $2::jsonb, updated_at = now()
   where entry_id = $1 and status = 'pending'
   returning entry_id`,
);

/**
 * ARCA holds something else under the number: a person must look; it is never sent again. False
 * as recordApproved: the row was no longer pending, and what it says now stands.
 */
export async function recordReview(db: Db, entryId: string, errors: WsfeError[]): Promise<boolean> {
  const recorded = await runStatement(db, review, [entryId, JSON.stringify(errors)]);
  return recorded.length > 0;
}

const held = statement(
  'invoice_send_sequence_held',
  `select max(voucher->>'CbteFch') filter (where status = 'approved') as latest,
     max(number) as highest
   from invoice_sends
   where environment = $1 and cuit = $2 and point_of_sale = $3 and voucher_type = $4
     and number is not null`,
);

/**
 * What this system holds on the sequence: the latest date (yyyymmdd) of its approved vouchers, and
 * the highest number any of its sends holds (approved, in review, or pending), if any.
 */
export async function sequenceHeld(
  db: Db,
  s: VoucherSequence,
): Promise<{ latestDate: string | null; highest: number | null }> {
  const [row] = await runStatement<{ latest: string | null; highest: unknown }>(db, held, [
    s.environment,
    s.cuit,
    s.pointOfSale,
    s.voucherType,
  ]);
  const highest = row?.highest;
  return {
    latestDate: row?.latest ?? null,
    highest: highest === null || highest === undefined ? null : Number(highest),
  };
}
