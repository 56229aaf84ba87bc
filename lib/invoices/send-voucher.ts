import 'server-only';
import { hashVoucher } from '@/lib/arca';
import type { Db } from '@/lib/db';
import { countInvoiceSent } from '@/lib/metrics';
import type { JobSlot } from '@/lib/transform';
import { inLocalTurn } from './local-turn';
import type { SendArca } from './send-arca';
import { gatherBatch, LOCAL_QUEUE, type SendQueue } from './send-batch-gather';
import { batchPosition, recordBatch } from './send-batch-store';
import {
  MAX_TRANSITIONS,
  transition,
  type SendEvent,
  type SendResult,
  type SendState,
  type SendWrite,
} from './send-protocol';
import {
  claimSequence,
  dropClaim,
  getSend,
  sequenceHeld,
  recordApproved,
  recordRejected,
  recordReview,
  reserveNumber,
  sequenceKey,
  type VoucherSequence,
} from './send-store';
import type { SendVoucher } from './send-voucher-kinds';

export type { SendResult } from './send-protocol';
import type { SendRequest } from './send-request';

export type { SendRequest } from './send-request';

/** How senders of one sequence take turns in this process, and wait for another process's send. */
export interface SendTurns {
  inTurn<T>(key: string, work: () => Promise<T>): Promise<T>;
  pause(ms: number): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
export const LOCAL_TURNS: SendTurns = { inTurn: inLocalTurn, pause: sleep };

export interface SendSettings {
  /** How long to wait for another process's send on the same sequence before giving up for now. */
  waitForSequenceMs: number;
  turns?: SendTurns;
  /** This process's waiting sends and known last numbers (default: the process's own). */
  queue?: SendQueue;
  /**
   * The job's runner slot, given back while the send waits for its turn (so the runner claims more
   * sends, which a batch then carries) and taken again before it works.
   */
  slot?: JobSlot;
  /**
   * Tests: awaited before each effect the protocol asks for, and once more with the result before the
   * step applies it (to interleave senders, or crash one).
   */
  beforeEffect?: (state: SendState) => Promise<void>;
}

/**
 * Sends the voucher under the next number of its sequence, one sender at a time per sequence, or
 * reconciles the entry's pending send first: the protocol's states (send-protocol.ts) driven to a
 * result. See docs/invoicing.md (Sending) for why each step is where it is.
 */
export async function sendVoucher(
  db: Db,
  arca: SendArca,
  request: SendRequest,
  settings: SendSettings,
): Promise<SendResult> {
  const turns = settings.turns ?? LOCAL_TURNS;
  const queue = settings.queue ?? LOCAL_QUEUE;
  const deadline = Date.now() + settings.waitForSequenceMs;
  const numbered =
    request.stored?.stored.kind === 'numbered' ? request.stored.stored.voucher : null;
  const sequence: VoucherSequence = {
    environment: request.environment,
    cuit: request.cuit,
    pointOfSale: (numbered ?? request.voucher).PtoVta,
    voucherType: (numbered ?? request.voucher).CbteTipo,
  };
  const key = sequenceKey(sequence);
  // Waiting for the turn, this send may be carried by another one's batch (then `taken`).
  const queued = queue.join(key, request);
  const slot = settings.slot;
  try {
    for (;;) {
      slot?.release();
      const result = await turns.inTurn(key, async () => {
        queue.leave(key, queued);
        // Carried by a batch whose answer is recorded on this send's row: that is its verdict.
        const verdict = queued.verdict;
        queued.verdict = undefined;
        if (verdict) {
          await settings.beforeEffect?.({ at: 'done', result: verdict });
          return verdict;
        }
        // Every send behind this turn waits for it: it goes ahead of the others for a slot.
        await slot?.retake(true);
        return runProtocol(db, arca, request, settings, {
          key,
          queue,
          sequence,
          taken: queued.taken,
        });
      });
      if (result.kind !== 'busy' || Date.now() > deadline) return result;
      // Another entry's send holds the sequence (another process, or a job waiting to reconcile):
      // wait outside the turn, so that job's own retry is not queued behind the waiters.
      slot?.release();
      await turns.pause(25);
    }
  } finally {
    queue.leave(key, queued);
    await slot?.retake();
  }
}

interface Run {
  key: string;
  queue: SendQueue;
  sequence: VoucherSequence;
  /** Carried by another send's batch: its row says what became of it, read afresh. */
  taken: boolean;
}

/**
 * One turn: the protocol from the row as read to a result, at most MAX_TRANSITIONS effects. A run
 * that throws (the database, a crash) leaves no known last number behind: the next one asks ARCA.
 */
async function runProtocol(
  db: Db,
  arca: SendArca,
  request: SendRequest,
  settings: SendSettings,
  run: Run,
): Promise<SendResult> {
  try {
    return await driveProtocol(db, arca, request, settings, run);
  } catch (error) {
    run.queue.knownLast.delete(run.key);
    throw error;
  }
}

async function driveProtocol(
  db: Db,
  arca: SendArca,
  request: SendRequest,
  settings: SendSettings,
  run: Run,
): Promise<SendResult> {
  const context = {
    cuit: request.cuit,
    voucher: request.voucher,
    jobId: request.jobId,
    knownLast: run.queue.knownLast.get(run.key),
  };
  let state: SendState = run.taken
    ? { at: 'reading', restarts: 0 }
    : transition(
        { at: 'reading', restarts: 0 },
        { type: 'read', row: request.stored, fresh: false },
        context,
      );
  // The last number this run saw ARCA approve on a first send, and whether anything cast a doubt.
  let issued: number | null = null;
  let doubt = false;
  for (let taken = 0; state.at !== 'done'; taken += 1) {
    if (taken >= MAX_TRANSITIONS) {
      run.queue.knownLast.delete(run.key);
      return { kind: 'retry', reason: `the send did not settle in ${MAX_TRANSITIONS} steps` };
    }
    await settings.beforeEffect?.(state);
    const event = await perform(db, arca, request, state, run);
    const next = transition(state, event, context);
    if (next.at === 'reconciling' || next.at === 'consulting') doubt = true;
    if (state.at === 'submitting' && next.at === 'recording' && next.write.kind === 'approved')
      issued = state.firstSend ? state.voucher.CbteNro : null;
    if (state.at === 'submittingBatch' && next.at === 'recordingBatch') {
      if (next.writes.every((w) => w.kind === 'approved'))
        issued = Math.max(...state.members.map((m) => m.voucher.CbteNro));
      else doubt = true;
    }
    state = next;
  }
  const { result } = state;
  if (result.kind === 'approved' && issued !== null && !doubt)
    run.queue.knownLast.set(run.key, issued);
  else if (result.kind !== 'approved' || doubt) run.queue.knownLast.delete(run.key);
  // The step applies the result next (the entry's stamps): a crash there is a crash too.
  await settings.beforeEffect?.(state);
  return result;
}

/** The effect a state names, performed; its outcome is the next event. */
async function perform(
  db: Db,
  arca: SendArca,
  request: SendRequest,
  state: Exclude<SendState, { at: 'done' }>,
  run: Run,
): Promise<SendEvent> {
  const sequence = (voucher: SendVoucher): VoucherSequence => ({
    environment: request.environment,
    cuit: request.cuit,
    pointOfSale: voucher.PtoVta,
    voucherType: voucher.CbteTipo,
  });
  switch (state.at) {
    case 'reading': {
      const row = await getSend(db, request.entryId);
      const inBatch = row?.status === 'pending' && row.number !== null && row.batchOf;
      return {
        type: 'read',
        row,
        fresh: true,
        ...(inBatch && { batch: await batchPosition(db, row.batchOf!, row.number!) }),
      };
    }
    case 'claiming':
      return {
        type: 'claim',
        claim: await claimSequence(db, { ...request, ...sequence(request.voucher) }),
      };
    case 'checkingDate':
      // Held by this sender, the sequence cannot gain a later voucher meanwhile.
      return { type: 'held', held: await sequenceHeld(db, sequence(request.voucher)) };
    case 'checkingPointOfSale':
      return {
        type: 'pointOfSale',
        allowed: (await request.checkPointOfSale?.(request.voucher.PtoVta)) ?? { ok: true },
      };
    case 'askingLast':
      return {
        type: 'last',
        answer: await arca.lastAuthorized(request.voucher.PtoVta, request.voucher.CbteTipo),
      };
    case 'reserving':
      return {
        type: 'reserved',
        outcome: await reserveNumber(
          db,
          request.entryId,
          state.voucher,
          hashVoucher(state.voucher),
        ),
      };
    case 'gathering':
      return {
        type: 'gathered',
        gathered: await gatherBatch(db, arca, request, state, run),
      };
    case 'submittingBatch':
      return {
        type: 'batchCae',
        answer: await arca.requestCaes!(state.members.map((m) => m.voucher)),
      };
    case 'recordingBatch':
      return {
        type: 'written',
        recorded: await writeBatch(db, request, state, run.queue),
      };
    case 'submitting':
      return { type: 'cae', answer: await arca.requestCae(state.voucher) };
    case 'reconciling':
      return {
        type: 'last',
        answer: await arca.lastAuthorized(state.voucher.PtoVta, state.voucher.CbteTipo),
      };
    case 'consulting':
      return { type: 'consulted', answer: await arca.consult(state.voucher) };
    case 'recording':
      return { type: 'written', recorded: await write(db, request, state.write) };
  }
}

/**
 * A store write; false when the row was no longer pending. ARCA's answer is counted once per
 * invoice, by the run that recorded it.
 */
async function write(db: Db, request: SendRequest, change: SendWrite): Promise<boolean> {
  switch (change.kind) {
    case 'drop':
      await dropClaim(db, request.entryId, change.number);
      return true;
    case 'review':
      return recordReview(db, request.entryId, [{ code: 0, message: change.reason }]);
    case 'approved': {
      const recorded = await recordApproved(db, request.entryId, change);
      if (recorded) countInvoiceSent(request.environment, 'approved');
      return recorded;
    }
    case 'rejected': {
      const recorded = await recordRejected(db, request.entryId, change);
      if (recorded) countInvoiceSent(request.environment, 'rejected');
      return recorded;
    }
  }
}

/**
 * A batch's answer on every member's row at once; false when this send's own row was not pending.
 * Each carried send whose row took its verdict is handed it (a freed one reads its row, gone).
 */
async function writeBatch(
  db: Db,
  request: SendRequest,
  state: Extract<SendState, { at: 'recordingBatch' }>,
  queue: SendQueue,
): Promise<boolean> {
  const { writes, members } = state;
  const recorded = await recordBatch(db, request.entryId, writes);
  for (const w of writes) {
    const carried = queue.carried.get(w.entryId);
    queue.carried.delete(w.entryId);
    if (!recorded.has(w.entryId) || w.kind === 'free') continue;
    if (w.kind !== 'review') countInvoiceSent(request.environment, w.kind);
    const voucher = members.find((m) => m.entryId === w.entryId)!.voucher;
    if (carried)
      carried.verdict =
        w.kind === 'approved'
          ? {
              kind: 'approved',
              voucher,
              cae: w.cae,
              caeExpiry: w.caeExpiry,
              observations: w.observations,
            }
          : w.kind === 'rejected'
            ? { kind: 'rejected', voucher, errors: w.errors, observations: w.observations }
            : { kind: 'review', voucher, reason: w.errors[0]?.message ?? 'review' };
  }
  return recorded.has(request.entryId);
}

/** The same slot, adding the time spent waiting to take it again to `spent` (the step's timing). */
export function timedSlot(slot: JobSlot, spent: (ms: number) => void): JobSlot {
  const timed: JobSlot = {
    release: () => slot.release(),
    async retake(urgent) {
      const started = performance.now();
      await slot.retake(urgent);
      spent(performance.now() - started);
    },
    async whileWaiting(wait, urgent) {
      timed.release();
      try {
        return await wait();
      } finally {
        await timed.retake(urgent);
      }
    },
  };
  return timed;
}

/** The same turns, adding the time spent waiting for them to `spent` (the step's timing). */
export function timedTurns(turns: SendTurns, spent: (ms: number) => void): SendTurns {
  return {
    inTurn(key, work) {
      const queued = performance.now();
      return turns.inTurn(key, () => {
        spent(performance.now() - queued);
        return work();
      });
    },
    async pause(ms) {
      const started = performance.now();
      await turns.pause(ms);
      spent(performance.now() - started);
    },
  };
}
