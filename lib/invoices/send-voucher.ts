import 'server-only';
import {
  getLastAuthorized,
  getVoucher,
  hashFeVoucher,
  requestCae,
  type FeVoucher,
  type NumberedFeVoucher,
  type WsfeError,
} from '@/lib/arca';
import type { Db } from '@/lib/db';
import { countInvoiceSent } from '@/lib/metrics';
import type { ArcaSession } from './arca-session';
import { inLocalTurn } from './local-turn';
import { isSameVoucher } from './same-voucher';
import { approvalDifferences, describeDifferences } from './verify-approval';
import {
  claimSequence,
  dropClaim,
  getSend,
  latestApprovedDate,
  recordApproved,
  recordRejected,
  recordReview,
  reserveNumber,
  sequenceKey,
  type InvoiceSend,
  type VoucherSequence,
} from './send-store';

/** How one send ended, for the step to turn into an outcome. */
export type SendResult =
  | {
      kind: 'approved';
      voucher: NumberedFeVoucher;
      cae: string;
      caeExpiry: string;
      observations: WsfeError[];
    }
  | { kind: 'rejected'; voucher: NumberedFeVoucher; errors: WsfeError[]; observations: WsfeError[] }
  | { kind: 'review'; voucher: NumberedFeVoucher; reason: string }
  /** Nothing decided: try again later (ARCA unreachable, or its answer not known yet). */
  | { kind: 'retry'; reason: string }
  /** Another process's send holds the sequence. */
  | { kind: 'busy' }
  /** The point of sale refused before anything was sent (live). */
  | { kind: 'refused'; reason: string }
  /** The voucher itself cannot be sent now, as ARCA would say (its code named in `reason`). */
  | { kind: 'invalid'; reason: string };

export interface SendRequest extends VoucherSequence {
  entryId: string;
  ownerId: string;
  supplierEntryId: string;
  jobId: string;
  /** The voucher mapped from the entry, used only when nothing is stored for it yet. */
  voucher: FeVoucher;
  /**
   * The entry's row as the step read it before queuing for the sequence. Only a pending row with a
   * number is read again in the turn (it may have been reconciled meanwhile); for anything else the
   * claim itself tells when the row moved on (`settled`).
   */
  stored: InvoiceSend | undefined;
  /** Called once the sequence is held, before a number is taken (live: is the point of sale usable?). */
  beforeNumbering?: () => Promise<{ ok: true } | { ok: false; refusal: SendResult }>;
}

interface SendSettings {
  /** How long to wait for another process's send on the same sequence before giving up for now. */
  waitForSequenceMs: number;
  /**
   * Adds the time spent waiting for ARCA and for other sends' turns on the sequence (for the step's
   * own-time figure: neither is this invoice's work).
   */
  spent?: { arcaMs: number; waitMs: number };
}

const POINT_OF_SALE_NOT_ENABLED = 11002;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
// Reconciling a lost answer may resend once and find ARCA still saying "not next": bounded.
const RECONCILE_ROUNDS = 3;

/**
 * Sends the voucher under the next number of its sequence, one sender at a time per sequence, or
 * reconciles the entry's pending send first. See docs/invoicing.md (Sending) for why each step is
 * where it is.
 */
export async function sendVoucher(
  db: Db,
  arca: ArcaSession,
  request: SendRequest,
  settings: SendSettings,
): Promise<SendResult> {
  const timed = async <T>(call: Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await call;
    } finally {
      if (settings.spent) settings.spent.arcaMs += performance.now() - started;
    }
  };
  const deadline = Date.now() + settings.waitForSequenceMs;
  let queued = performance.now();
  for (;;) {
    const result = await inLocalTurn(sequenceKey(request), () => {
      if (settings.spent) settings.spent.waitMs += performance.now() - queued;
      return sendInTurn(db, arca, request, timed, request.stored);
    });
    if (result.kind !== 'busy' || Date.now() > deadline) return result;
    // Another entry's send holds the sequence (another process, or a job waiting to reconcile):
    // wait outside the turn, so that job's own retry is not queued behind the waiters.
    queued = performance.now();
    await sleep(25);
  }
}

async function sendInTurn(
  db: Db,
  arca: ArcaSession,
  request: SendRequest,
  timed: Timed,
  read: InvoiceSend | undefined,
): Promise<SendResult> {
  const stored =
    read?.status === 'pending' && read.number !== null ? await getSend(db, request.entryId) : read;
  if (stored?.status === 'pending' && stored.number !== null)
    return reconcile(db, arca, { ...stored, voucher: stored.voucher as NumberedFeVoucher }, timed);
  if (stored?.status === 'approved' && stored.cae && stored.caeExpiry)
    return {
      kind: 'approved',
      voucher: stored.voucher as NumberedFeVoucher,
      cae: stored.cae,
      caeExpiry: stored.caeExpiry,
      observations: stored.observations,
    };
  if (stored?.status === 'review')
    return {
      kind: 'review',
      voucher: stored.voucher as NumberedFeVoucher,
      reason: 'already under review',
    };
  const claim = await claimSequence(db, request);
  if ('settled' in claim)
    return sendInTurn(db, arca, request, timed, await getSend(db, request.entryId));
  if (!claim.claimed) return { kind: 'busy' };
  // Held by this sender, the sequence cannot gain a later voucher meanwhile.
  const latest = await latestApprovedDate(db, request);
  if (latest && request.voucher.CbteFch < latest) {
    await dropClaim(db, request.entryId, null);
    return {
      kind: 'invalid',
      reason: `its date ${request.voucher.CbteFch} is before ${latest}, the date of the last voucher approved on this point of sale and voucher type`,
    };
  }
  const allowed = (await request.beforeNumbering?.()) ?? { ok: true };
  if (!allowed.ok) {
    await dropClaim(db, request.entryId, null);
    return allowed.refusal;
  }
  const last = await timed(
    getLastAuthorized(arca.options, arca.auth, request.pointOfSale, request.voucherType),
  );
  if (!last.ok) {
    await dropClaim(db, request.entryId, null);
    // 11002: the point of sale is not enabled for web services (a «Factura en Línea» one, say). It
    // stays so until the supplier registers another one: no retry can change the answer.
    if (last.errors.some((e) => e.code === POINT_OF_SALE_NOT_ENABLED))
      return { kind: 'refused', reason: 'not_cae' };
    return { kind: 'retry', reason: `FECompUltimoAutorizado failed (${last.outcome.code})` };
  }
  const voucher: NumberedFeVoucher = { ...request.voucher, CbteNro: last.value.number + 1 };
  const reserved = await reserveNumber(db, request.entryId, voucher, hashFeVoucher(voucher));
  if (reserved === 'lost')
    return sendInTurn(db, arca, request, timed, await getSend(db, request.entryId));
  if (reserved === 'held') {
    // ARCA forgot vouchers we hold as approved (a homologación reset, or an answer for another
    // voucher adopted earlier): numbering on would give this invoice a number already printed.
    const reason = `ARCA's last number is ${last.value.number}, but number ${voucher.CbteNro} is already held by another invoice of this point of sale here`;
    await recordReview(db, request.entryId, [{ code: 0, message: reason }]);
    return { kind: 'review', voucher, reason };
  }
  return submit(db, arca, { ...request, voucher }, timed, true);
}

type Timed = <T>(call: Promise<T>) => Promise<T>;
type Numbered = Pick<InvoiceSend, 'entryId'> & VoucherSequence & { voucher: NumberedFeVoucher };

/** FECAESolicitar for the stored voucher, and what its answer means. */
async function submit(
  db: Db,
  arca: ArcaSession,
  send: Numbered,
  timed: Timed,
  firstSend: boolean,
  round = 0,
): Promise<SendResult> {
  const answer = await timed(requestCae(arca.options, arca.auth, send.voucher));
  if (answer.status === 'approved') {
    const differences = approvalDifferences(answer, send.voucher, send.cuit);
    if (differences.length) {
      // Never stamped: a CAE ARCA gave another voucher (or one that expires before this one's
      // date) would be printed, and its QR encoded, as this invoice's authorisation.
      const reason = `ARCA's approval does not match the voucher sent (${describeDifferences(differences)}); ARCA answered CAE ${answer.cae}, expiring ${answer.caeExpiry}`;
      await recordReview(db, send.entryId, [{ code: 0, message: reason }]);
      return { kind: 'review', voucher: send.voucher, reason };
    }
    const approved = {
      cae: answer.cae,
      caeExpiry: answer.caeExpiry,
      observations: answer.observations,
    };
    if (await recordApproved(db, send.entryId, approved))
      countInvoiceSent(send.environment, 'approved');
    return { kind: 'approved', voucher: send.voucher, ...approved };
  }
  if (answer.status === 'rejected') {
    // "Not the next number": another system may share the point of sale, or an earlier send of ours
    // got through after all. Only ARCA's own record can tell.
    const notNext = answer.errors.some((e) => e.code === 10016);
    if (notNext && round < RECONCILE_ROUNDS) return reconcile(db, arca, send, timed, round + 1);
    // Out of rounds, an earlier unanswered attempt may still have reached ARCA late: the number is
    // released only while ARCA holds nothing under it.
    if (notNext) {
      const last = await lastNumberFor(arca, send, timed);
      if (typeof last !== 'number') return last;
      if (last >= send.voucher.CbteNro) return adoptOrReview(db, arca, send, timed, last);
    }
    const errors = answer.fault
      ? [
          ...answer.errors,
          { code: 0, message: `SOAP fault ${answer.fault.code}: ${answer.fault.message}` },
        ]
      : answer.errors;
    if (await recordRejected(db, send.entryId, { errors, observations: answer.observations }))
      countInvoiceSent(send.environment, 'rejected');
    return { kind: 'rejected', voucher: send.voucher, errors, observations: answer.observations };
  }
  if (answer.status === 'not_sent' && firstSend) {
    // Refused before a byte was sent: the number was never used, the sequence is free again.
    await dropClaim(db, send.entryId, send.voucher.CbteNro);
    return { kind: 'retry', reason: 'ARCA could not be reached; nothing was sent' };
  }
  // Unknown (timeout, 5xx, connection lost, unreadable) or unreachable on a resend: what ARCA holds
  // decides, now or on the next attempt. The pending row keeps the number and the sequence.
  if (answer.status === 'not_sent')
    return { kind: 'retry', reason: 'ARCA could not be reached to resend the pending voucher' };
  return reconcile(db, arca, send, timed, round + 1);
}

/**
 * The answer to a voucher sent under `number` is not known. Never take a new number: if ARCA's last
 * number is below it, the voucher did not get through and the same voucher is sent again; if not,
 * FECompConsultar shows what ARCA holds under the number: ours (adopt its CAE) or another (review).
 */
async function reconcile(
  db: Db,
  arca: ArcaSession,
  send: Numbered,
  timed: Timed,
  round = 0,
): Promise<SendResult> {
  const voucher = send.voucher;
  const number = voucher.CbteNro;
  const lastNumber = await lastNumberFor(arca, send, timed);
  if (typeof lastNumber !== 'number') return lastNumber;
  if (lastNumber < number) {
    if (lastNumber < number - 1) {
      const reason = `ARCA's last number is ${lastNumber}, below ${number - 1}: the reserved number ${number} cannot be the next`;
      await recordReview(db, send.entryId, [{ code: 0, message: reason }]);
      return { kind: 'review', voucher, reason };
    }
    if (round > RECONCILE_ROUNDS)
      return { kind: 'retry', reason: `reconciling ${number}: ARCA keeps refusing the resend` };
    return submit(db, arca, send, timed, false, round);
  }
  return adoptOrReview(db, arca, send, timed, lastNumber);
}

/** ARCA's last number on the send's sequence while reconciling it, or the retry when ARCA cannot be asked. */
async function lastNumberFor(
  arca: ArcaSession,
  send: Numbered,
  timed: Timed,
): Promise<number | SendResult> {
  const last = await timed(
    getLastAuthorized(arca.options, arca.auth, send.pointOfSale, send.voucherType),
  );
  if (last.ok) return last.value.number;
  return {
    kind: 'retry',
    reason: `reconciling ${send.voucher.CbteNro}: FECompUltimoAutorizado failed (${last.outcome.code})`,
  };
}

/** ARCA's last number is at or past ours: what it holds under our number is ours (adopt) or not (review). */
async function adoptOrReview(
  db: Db,
  arca: ArcaSession,
  send: Numbered,
  timed: Timed,
  lastNumber: number,
): Promise<SendResult> {
  const voucher = send.voucher;
  const number = voucher.CbteNro;
  const held = await timed(
    getVoucher(arca.options, arca.auth, send.pointOfSale, send.voucherType, number),
  );
  if (!held.ok)
    return {
      kind: 'retry',
      reason: `reconciling ${number}: FECompConsultar failed (${held.outcome.code})`,
    };
  const expiresEarly =
    held.value?.Resultado === 'A' && held.value.FchVto < held.value.CbteFch
      ? `ARCA holds voucher ${number} with CAE ${held.value.CodAutorizacion} expiring ${held.value.FchVto}, before its date ${held.value.CbteFch}`
      : null;
  if (expiresEarly) {
    await recordReview(db, send.entryId, [{ code: 0, message: expiresEarly }]);
    return { kind: 'review', voucher, reason: expiresEarly };
  }
  if (held.value && held.value.Resultado === 'A' && isSameVoucher(held.value, voucher)) {
    const adopted = {
      cae: held.value.CodAutorizacion,
      caeExpiry: held.value.FchVto,
      observations: held.value.Observaciones,
    };
    if (await recordApproved(db, send.entryId, adopted))
      countInvoiceSent(send.environment, 'approved');
    return { kind: 'approved', voucher, ...adopted };
  }
  const reason = held.value
    ? `ARCA holds a different voucher under number ${number}`
    : `ARCA's last number is ${lastNumber} but it has no voucher ${number}`;
  await recordReview(db, send.entryId, [{ code: 0, message: reason }]);
  return { kind: 'review', voucher, reason };
}
