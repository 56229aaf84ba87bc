import 'server-only';
import { hashVoucher, type NumberedFeVoucher, type WsfeError } from '@/lib/arca';
import { runStatement, statement, type Db } from '@/lib/db';
import { isUniqueViolation, NUMBER_INDEX, type VoucherSequence } from './send-store';

// A batch: several sends of one sequence in one FECAESolicitar, numbered consecutively. The send that
// claimed the sequence (the holder) reserves every number at once, each voucher on its own entry's
// row (batch_of: the holder's entry); every pending row of the batch keeps the sequence held, so no
// one numbers past a voucher whose fate is not known. docs/invoicing.md (Batches) says why.

/** One send carried in a batch: its entry's row, and the voucher under its number. */
export interface BatchMember {
  entryId: string;
  ownerId: string;
  supplierEntryId: string;
  jobId: string;
  voucher: NumberedFeVoucher;
}

/** What is written on a member's row once ARCA answered the batch. */
export type MemberWrite =
  | { entryId: string; kind: 'approved'; cae: string; caeExpiry: string; observations: WsfeError[] }
  | { entryId: string; kind: 'rejected'; errors: WsfeError[]; observations: WsfeError[] }
  | { entryId: string; kind: 'review'; errors: WsfeError[] }
  /** Not at ARCA (not processed, or never sent): the row goes, the send starts over. */
  | { entryId: string; kind: 'free' };

// The holder's claim, still unnumbered, becomes the batch's first row.
const numberHolder = statement(
  'invoice_send_batch_holder',
  `update invoice_sends set number = $2, voucher = $3::jsonb, request_hash = $4, batch_of = entry_id,
     updated_at = now()
   where entry_id = $1 and status = 'pending' and number is null and batch_of is null
   returning entry_id`,
);
// The others: no row yet, or a rejected one (nothing at ARCA); anything else leaves the batch short.
const addMembers = statement(
  'invoice_send_batch_members',
  `insert into invoice_sends (entry_id, owner_id, supplier_entry_id, environment, cuit, point_of_sale,
     voucher_type, number, voucher, request_hash, status, observations, errors, job_id, batch_of)
   select m.entry_id, m.owner_id, m.supplier_entry_id, $2, $3, $4, $5, m.number, m.voucher,
     m.request_hash, 'pending', '[]', '[]', m.job_id, $1
   from jsonb_to_recordset($6::jsonb) as m(entry_id uuid, owner_id uuid, supplier_entry_id uuid,
     job_id uuid, number integer, voucher jsonb, request_hash text)
   on conflict (entry_id) do update set owner_id = excluded.owner_id,
     supplier_entry_id = excluded.supplier_entry_id, environment = excluded.environment,
     cuit = excluded.cuit, point_of_sale = excluded.point_of_sale, voucher_type = excluded.voucher_type,
     number = excluded.number, voucher = excluded.voucher, request_hash = excluded.request_hash,
     status = 'pending', cae = null, cae_expiry = null, observations = '[]', errors = '[]',
     job_id = excluded.job_id, batch_of = excluded.batch_of, updated_at = now()
   where invoice_sends.status = 'rejected'
   returning entry_id`,
);

class BatchLost extends Error {}

/**
 * Reserves every member's number and voucher, committed before the batch is sent, all or none (one
 * transaction). `lost`: the holder's claim or a member's row moved meanwhile. `held`: another send
 * here already holds one of the numbers.
 */
export async function reserveBatch(
  db: Db,
  sequence: VoucherSequence,
  holder: string,
  members: BatchMember[],
): Promise<'reserved' | 'lost' | 'held'> {
  const own = members.find((m) => m.entryId === holder);
  const others = members.filter((m) => m.entryId !== holder);
  if (!own) throw new Error('a batch carries the send that holds the sequence');
  try {
    await db.transaction(async (tx) => {
      const numbered = await runStatement(tx, numberHolder, [
        holder,
        own.voucher.CbteNro,
        JSON.stringify(own.voucher),
        hashVoucher(own.voucher),
      ]);
      if (!numbered.length) throw new BatchLost();
      const added = await runStatement(tx, addMembers, [
        holder,
        sequence.environment,
        sequence.cuit,
        sequence.pointOfSale,
        sequence.voucherType,
        JSON.stringify(
          others.map((m) => ({
            entry_id: m.entryId,
            owner_id: m.ownerId,
            supplier_entry_id: m.supplierEntryId,
            job_id: m.jobId,
            number: m.voucher.CbteNro,
            voucher: m.voucher,
            request_hash: hashVoucher(m.voucher),
          })),
        ),
      ]);
      if (added.length !== others.length) throw new BatchLost();
    });
    return 'reserved';
  } catch (error) {
    if (error instanceof BatchLost) return 'lost';
    if (isUniqueViolation(error, NUMBER_INDEX)) return 'held';
    throw error;
  }
}

const freeMembers = statement(
  'invoice_send_batch_free',
  `delete from invoice_sends
   where batch_of = $1 and status = 'pending'
     and entry_id in (select jsonb_array_elements_text($2::jsonb)::uuid)`,
);
const settleMembers = statement(
  'invoice_send_batch_settle',
  `update invoice_sends s set status = w.status,
     number = case when w.status = 'rejected' then null else s.number end,
     cae = w.cae, cae_expiry = w.cae_expiry, observations = coalesce(w.observations, '[]'),
     errors = coalesce(w.errors, '[]'), updated_at = now()
   from jsonb_to_recordset($2::jsonb) as w(entry_id uuid, status text, cae text, cae_expiry text,
     observations jsonb, errors jsonb)
   where s.entry_id = w.entry_id and s.batch_of = $1 and s.status = 'pending'
   returning s.entry_id`,
);

/**
 * ARCA's answer to the batch, written on every member's row at once (one transaction), on rows still
 * pending in this batch only: the entries recorded.
 */
export async function recordBatch(
  db: Db,
  holder: string,
  writes: MemberWrite[],
): Promise<Set<string>> {
  const freed = writes.filter((w) => w.kind === 'free').map((w) => w.entryId);
  const settled = writes.flatMap((w) =>
    w.kind === 'free'
      ? []
      : [
          {
            entry_id: w.entryId,
            status: w.kind,
            cae: w.kind === 'approved' ? w.cae : null,
            cae_expiry: w.kind === 'approved' ? w.caeExpiry : null,
            observations: w.kind === 'review' ? [] : w.observations,
            errors: w.kind === 'approved' ? [] : w.errors,
          },
        ],
  );
  return db.transaction(async (tx) => {
    const recorded = new Set<string>();
    if (settled.length)
      for (const row of await runStatement<{ entry_id: string }>(tx, settleMembers, [
        holder,
        JSON.stringify(settled),
      ]))
        recorded.add(String(row.entry_id));
    // Freed after the others are settled: in one transaction either way.
    if (freed.length) {
      await runStatement(tx, freeMembers, [holder, JSON.stringify(freed)]);
      for (const entryId of freed) recorded.add(entryId);
    }
    return recorded;
  });
}

const position = statement(
  'invoice_send_batch_position',
  `select min((voucher->>'CbteNro')::integer) as first,
     coalesce(bool_or(status = 'pending' and number < $2), false) as lower_pending
   from invoice_sends where batch_of = $1`,
);

/**
 * Where a numbered member stands in its batch: the batch's first number (a rejected member's voucher
 * keeps its number), and whether a member numbered below it is still pending (it is reconciled first:
 * ARCA numbers in order).
 */
export async function batchPosition(
  db: Db,
  batchOf: string,
  number: number,
): Promise<{ first: number; lowerPending: boolean }> {
  const [row] = await runStatement<{ first: unknown; lower_pending: unknown }>(db, position, [
    batchOf,
    number,
  ]);
  return {
    first: row?.first === null || row?.first === undefined ? number : Number(row.first),
    lowerPending: row?.lower_pending === true || row?.lower_pending === 't',
  };
}
