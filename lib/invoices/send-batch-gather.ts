import 'server-only';
import type { Db } from '@/lib/db';
import type { SendArca } from './send-arca';
import { reserveBatch, type BatchMember } from './send-batch-store';
import type { Gathered, SendResult, SendState } from './send-protocol-types';
import type { VoucherSequence } from './send-store';
import type { FeVoucher } from '@/lib/arca';
import { isCtSend, type SendVoucher } from './send-voucher-kinds';
import type { SendRequest } from './send-request';

// «Para comprobantes del tipo MiPyMEs (FCE), la cantidad habilitada es 1 comprobante por request»
// (WSFEv1's manual, 10003): Facturas de Crédito Electrónicas are never batched.
const ONE_PER_REQUEST = new Set([201, 202, 203, 206, 207, 208, 211, 212, 213]);

/**
 * A send waiting in this process for its sequence's turn; a batch may carry it (`taken`), and once
 * the batch's answer is recorded on its row, hand it its verdict (`verdict`) so that its turn needs
 * no query at all: a burst's next batch is not kept waiting behind a read per carried send.
 */
export interface QueuedSend {
  request: SendRequest;
  taken: boolean;
  verdict?: SendResult;
}

/**
 * A process's sends waiting per sequence (what a batch gathers), and the last number it saw ARCA
 * approve per sequence while nothing cast a doubt on it (SendContext.knownLast).
 */
export class SendQueue {
  private readonly waiting = new Map<string, Set<QueuedSend>>();
  readonly knownLast = new Map<string, number>();
  /** The sends a batch in flight carries, by entry, until their verdicts are recorded. */
  readonly carried = new Map<string, QueuedSend>();

  join(key: string, request: SendRequest): QueuedSend {
    const queued = { request, taken: false };
    let set = this.waiting.get(key);
    if (!set) this.waiting.set(key, (set = new Set()));
    set.add(queued);
    return queued;
  }

  leave(key: string, queued: QueuedSend): void {
    const set = this.waiting.get(key);
    set?.delete(queued);
    if (set?.size === 0) this.waiting.delete(key);
  }

  waitingFor(key: string): QueuedSend[] {
    return [...(this.waiting.get(key) ?? [])];
  }
}

/** This process's queue. */
export const LOCAL_QUEUE = new SendQueue();

/** Whether a waiting send can ride in a batch: nothing of it at ARCA, and a date ARCA takes next. */
function batchable(request: SendRequest, latestDate: string | null): boolean {
  const row = request.stored;
  const nothingSent = !row || (row.status === 'rejected' && row.jobId !== request.jobId);
  return (
    nothingSent &&
    !ONE_PER_REQUEST.has(request.voucher.CbteTipo) &&
    (!latestDate || request.voucher.CbteFch >= latestDate)
  );
}

/**
 * The gathering state's effect: the sends of the sequence waiting in this process's queue, up to
 * ARCA's RegXReq with this one, numbered from ARCA's last + 1 in date order (ARCA takes no voucher
 * dated before the previous one), reserved at once. Alone when none waits or ARCA batches nothing.
 */
export async function gatherBatch(
  db: Db,
  arca: SendArca,
  request: SendRequest,
  state: Extract<SendState, { at: 'gathering' }>,
  run: { key: string; queue: SendQueue; sequence: VoucherSequence },
): Promise<Gathered> {
  if (!arca.requestCaes || !arca.batchLimit || ONE_PER_REQUEST.has(request.voucher.CbteTipo))
    return { kind: 'alone' };
  // One voucher per invoice: a second job on an entry already in the batch waits its own turn.
  const entries = new Set([request.entryId]);
  const waiting = run.queue.waitingFor(run.key).filter((q) => {
    if (q.taken || entries.has(q.request.entryId)) return false;
    if (!batchable(q.request, state.held.latestDate)) return false;
    entries.add(q.request.entryId);
    return true;
  });
  if (!waiting.length) return { kind: 'alone' };
  const limit = await arca.batchLimit();
  if (limit < 2) return { kind: 'alone' };
  const taken = waiting.slice(0, limit - 1);
  for (const q of taken) {
    q.taken = true;
    run.queue.leave(run.key, q);
    run.queue.carried.set(q.request.entryId, q);
  }
  const sends = [request, ...taken.map((q) => q.request)].sort((a, b) =>
    a.voucher.CbteFch < b.voucher.CbteFch ? -1 : a.voucher.CbteFch > b.voucher.CbteFch ? 1 : 0,
  );
  const members: BatchMember[] = sends.map((send, i) => ({
    entryId: send.entryId,
    ownerId: send.ownerId,
    supplierEntryId: send.supplierEntryId,
    jobId: send.jobId,
    voucher: { ...wsfeVoucher(send.voucher), CbteNro: state.last + 1 + i },
  }));
  const outcome = await reserveBatch(db, run.sequence, request.entryId, members);
  return outcome === 'reserved' ? { kind: 'reserved', members } : { kind: outcome };
}

/** Only WSFE batches (the WSCT adapter has no requestCaes, so a Factura T never gets here). */
function wsfeVoucher(voucher: SendVoucher): FeVoucher {
  if (isCtSend(voucher)) throw new Error('a Factura T in a WSFE batch');
  return voucher;
}
