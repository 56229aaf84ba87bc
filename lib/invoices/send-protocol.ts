import type { CaeResult, WsfeError } from '@/lib/arca';
import { approvalDifferences, describeDifferences } from './verify-approval';
import type { Claim, InvoiceSend } from './send-store';
import type { NumberedSendVoucher, SendVoucher } from './send-voucher-kinds';

// The send protocol as one state machine: what a stored row means, the states a send passes
// through, the events that move it (ARCA's answers and the store's), and `transition`, pure. The
// driver (send-voucher.ts) performs each state's effect and feeds its outcome back as the event.
// docs/invoicing.md (The send protocol) draws it.

/** How one send ended, for the step to turn into an outcome. */
export type SendResult =
  | {
      kind: 'approved';
      voucher: NumberedSendVoucher;
      cae: string;
      caeExpiry: string;
      observations: WsfeError[];
    }
  | {
      kind: 'rejected';
      voucher: NumberedSendVoucher;
      errors: WsfeError[];
      observations: WsfeError[];
    }
  /**
   * A person must look; never sent again. `voucher` is null when the stored one cannot be read;
   * `stored`: the row already said so before this run (its recorded errors are the reason).
   */
  | { kind: 'review'; voucher: NumberedSendVoucher | null; reason: string; stored?: true }
  /** Nothing decided: try again later (ARCA unreachable, or its answer not known yet). */
  | { kind: 'retry'; reason: string }
  /** Another process's send holds the sequence. */
  | { kind: 'busy' }
  /** The point of sale refused before anything was sent (live). */
  | { kind: 'refused'; reason: string; pointOfSale: number }
  /** The voucher itself cannot be sent now, as ARCA would say (its code named in `reason`). */
  | { kind: 'invalid'; reason: string };

/** What a stored row means: the one place that reads a row's status. */
export type RowMeaning =
  /** No row, rejected, or pending without a number: nothing of it at ARCA, the sequence is to claim. */
  | { kind: 'free' }
  /** Pending with a number: the voucher may be at ARCA; reconcile it before anything else. */
  | { kind: 'numbered'; voucher: NumberedSendVoucher }
  /** Already decided: approved (apply it again) or review (knock out again). */
  | { kind: 'settled'; result: Extract<SendResult, { kind: 'approved' } | { kind: 'review' }> };

export function rowMeaning(row: InvoiceSend | undefined): RowMeaning {
  if (!row || row.status === 'rejected' || (row.status === 'pending' && row.number === null))
    return { kind: 'free' };
  const stored = row.stored;
  if (stored.kind !== 'numbered')
    return {
      kind: 'settled',
      result: {
        kind: 'review',
        voucher: null,
        reason:
          stored.kind === 'unreadable'
            ? stored.problem
            : `the ${row.status} send has no number stored`,
      },
    };
  const voucher = stored.voucher;
  if (row.status === 'pending') return { kind: 'numbered', voucher };
  if (row.status === 'approved') {
    if (row.cae && row.caeExpiry)
      return {
        kind: 'settled',
        result: {
          kind: 'approved',
          voucher,
          cae: row.cae,
          caeExpiry: row.caeExpiry,
          observations: row.observations,
        },
      };
    return {
      kind: 'settled',
      result: { kind: 'review', voucher, reason: 'the approved send has no CAE stored' },
    };
  }
  return {
    kind: 'settled',
    result: { kind: 'review', voucher, reason: 'already under review', stored: true },
  };
}

/** A store write the protocol asks for before it ends. */
export type SendWrite =
  | { kind: 'drop'; number: number | null }
  | { kind: 'review'; reason: string }
  | { kind: 'approved'; cae: string; caeExpiry: string; observations: WsfeError[] }
  | { kind: 'rejected'; errors: WsfeError[]; observations: WsfeError[] };

/**
 * The states. Each but `done` names one effect the driver performs (see `effectOf` there); its
 * outcome is the next event. `restarts` counts how often the row moved under this sender (another
 * job on the same entry): bounded, as the whole run is (MAX_TRANSITIONS).
 */
export type SendState =
  /** Read the entry's row (again). */
  | { at: 'reading'; restarts: number }
  /** Claim the sequence for the mapped voucher (one pending row per sequence). */
  | { at: 'claiming'; restarts: number }
  /** Held: the latest date this system holds approved on the sequence. */
  | { at: 'checkingDate'; restarts: number }
  /** Live: is the point of sale usable (FEParamGetPtosVenta). */
  | { at: 'checkingPointOfSale'; restarts: number }
  /** FECompUltimoAutorizado, to number the voucher. */
  | { at: 'askingLast'; restarts: number }
  /** Store N+1 and its voucher on the pending row, committed before anything is sent. */
  | { at: 'reserving'; voucher: NumberedSendVoucher; last: number; restarts: number }
  /** FECAESolicitar for the stored voucher. */
  | { at: 'submitting'; voucher: NumberedSendVoucher; firstSend: boolean; round: number }
  /**
   * FECompUltimoAutorizado for a numbered voucher whose answer is not known, or that ARCA rejected
   * when an earlier copy may have got through (`rejection`: recorded only if ARCA holds nothing).
   */
  | {
      at: 'reconciling';
      voucher: NumberedSendVoucher;
      round: number;
      rejection?: { errors: WsfeError[]; observations: WsfeError[] };
    }
  /** FECompConsultar: what ARCA holds under our number. */
  | { at: 'consulting'; voucher: NumberedSendVoucher; last: number }
  /** One store write, then the result. */
  | { at: 'recording'; write: SendWrite; result: SendResult }
  | { at: 'done'; result: SendResult };

/** FECompUltimoAutorizado's answer as the protocol needs it. */
export type LastAnswer =
  { ok: true; number: number } | { ok: false; code: string; notEnabled: boolean };
/**
 * FECAESolicitar's answer (WSCT's autorizarComprobante read the same way); a rejection says whether
 * ARCA refused the number as not the next one (its code differs per service).
 */
export type CaeAnswer =
  | Exclude<CaeResult, { status: 'rejected' }>
  | (Extract<CaeResult, { status: 'rejected' }> & { notNext: boolean });
/** What ARCA holds under a number (FECompConsultar, or WSCT's consultarComprobanteTipoPVentaNro). */
export interface HeldVoucher {
  approved: boolean;
  /** Whether it is the voucher sent, field by field. */
  same: boolean;
  cae: string;
  /** yyyymmdd, as the date. */
  caeExpiry: string;
  date: string;
  observations: WsfeError[];
}
export type ConsultAnswer = { ok: true; held: HeldVoucher | null } | { ok: false; code: string };
export type Allowed = { ok: true } | { ok: false; refusal: SendResult };

export type SendEvent =
  | { type: 'read'; row: InvoiceSend | undefined; fresh: boolean }
  | { type: 'claim'; claim: Claim }
  | { type: 'latestDate'; date: string | null }
  | { type: 'pointOfSale'; allowed: Allowed }
  | { type: 'last'; answer: LastAnswer }
  | { type: 'reserved'; outcome: 'reserved' | 'lost' | 'held' }
  | { type: 'cae'; answer: CaeAnswer }
  | { type: 'consulted'; answer: ConsultAnswer }
  /** `recorded`: false when the row was no longer pending (another job on the entry decided first). */
  | { type: 'written'; recorded: boolean };

/** What the transition needs to know of the request besides the state. */
export interface SendContext {
  cuit: string;
  /** The voucher mapped from the entry: used only when nothing is stored for it yet. */
  voucher: SendVoucher;
}

// Reconciling a lost answer may resend once and find ARCA still saying "not next": bounded.
export const RECONCILE_ROUNDS = 3;
// The row moving under this sender (a second job on the same entry) sends it back to read it.
export const MAX_RESTARTS = 3;
// Every path is far shorter; past this the driver stops with `retry` (a bug, never a loop).
export const MAX_TRANSITIONS = 40;

const done = (result: SendResult): SendState => ({ at: 'done', result });
const review = (voucher: NumberedSendVoucher, reason: string): SendState => ({
  at: 'recording',
  write: { kind: 'review', reason },
  result: { kind: 'review', voucher, reason },
});
const restart = (restarts: number): SendState =>
  restarts >= MAX_RESTARTS
    ? done({ kind: 'retry', reason: "the send's row kept changing under this sender" })
    : { at: 'reading', restarts: restarts + 1 };
const unexpected = (state: SendState, event: SendEvent): never => {
  throw new Error(`send protocol: no transition from ${state.at} on ${event.type}`);
};

/** The next state: pure, every decision of the send protocol. */
export function transition(state: SendState, event: SendEvent, context: SendContext): SendState {
  switch (state.at) {
    case 'reading': {
      if (event.type !== 'read') return unexpected(state, event);
      const meaning = rowMeaning(event.row);
      if (meaning.kind === 'free') return { at: 'claiming', restarts: state.restarts };
      if (meaning.kind === 'settled') return done(meaning.result);
      // A pending number read before the turn may have been reconciled meanwhile: read it again.
      if (!event.fresh) return { at: 'reading', restarts: state.restarts };
      return { at: 'reconciling', voucher: meaning.voucher, round: 0 };
    }
    case 'claiming': {
      if (event.type !== 'claim') return unexpected(state, event);
      if (event.claim.claimed) return { at: 'checkingDate', restarts: state.restarts };
      // This entry's own row moved on (another job on it): read it again instead of starting over.
      if ('settled' in event.claim) return restart(state.restarts);
      return done({ kind: 'busy' });
    }
    case 'checkingDate': {
      if (event.type !== 'latestDate') return unexpected(state, event);
      const { date } = event;
      if (date && context.voucher.CbteFch < date)
        return {
          at: 'recording',
          write: { kind: 'drop', number: null },
          result: {
            kind: 'invalid',
            reason: `its date ${context.voucher.CbteFch} is before ${date}, the date of the last voucher approved on this point of sale and voucher type`,
          },
        };
      return { at: 'checkingPointOfSale', restarts: state.restarts };
    }
    case 'checkingPointOfSale': {
      if (event.type !== 'pointOfSale') return unexpected(state, event);
      if (event.allowed.ok) return { at: 'askingLast', restarts: state.restarts };
      return {
        at: 'recording',
        write: { kind: 'drop', number: null },
        result: event.allowed.refusal,
      };
    }
    case 'askingLast': {
      if (event.type !== 'last') return unexpected(state, event);
      const { answer } = event;
      if (!answer.ok)
        return {
          at: 'recording',
          write: { kind: 'drop', number: null },
          // 11002: the point of sale is not enabled for web services (a «Factura en Línea» one,
          // say). It stays so until the supplier registers another one: no retry changes that.
          result: answer.notEnabled
            ? { kind: 'refused', reason: 'not_cae', pointOfSale: context.voucher.PtoVta }
            : { kind: 'retry', reason: `FECompUltimoAutorizado failed (${answer.code})` },
        };
      return {
        at: 'reserving',
        voucher: { ...context.voucher, CbteNro: answer.number + 1 },
        last: answer.number,
        restarts: state.restarts,
      };
    }
    case 'reserving': {
      if (event.type !== 'reserved') return unexpected(state, event);
      if (event.outcome === 'reserved')
        return { at: 'submitting', voucher: state.voucher, firstSend: true, round: 0 };
      if (event.outcome === 'lost') return restart(state.restarts);
      // ARCA forgot vouchers we hold as approved (a homologación reset, or an answer for another
      // voucher adopted earlier): numbering on would give this invoice a number already printed.
      return review(
        state.voucher,
        `ARCA's last number is ${state.last}, but number ${state.voucher.CbteNro} is already held by another invoice of this point of sale here`,
      );
    }
    case 'submitting':
      if (event.type !== 'cae') return unexpected(state, event);
      return afterCae(state, event.answer, context);
    case 'reconciling': {
      if (event.type !== 'last') return unexpected(state, event);
      const { voucher, round, rejection } = state;
      const number = voucher.CbteNro;
      if (!event.answer.ok)
        return done({
          kind: 'retry',
          reason: `reconciling ${number}: FECompUltimoAutorizado failed (${event.answer.code})`,
        });
      const last = event.answer.number;
      if (last >= number) return { at: 'consulting', voucher, last };
      // ARCA holds nothing under the number: the rejection stands, the number is free again.
      if (rejection) return recordRejection(voucher, rejection);
      if (last < number - 1)
        return review(
          voucher,
          `ARCA's last number is ${last}, below ${number - 1}: the reserved number ${number} cannot be the next`,
        );
      if (round > RECONCILE_ROUNDS)
        return done({
          kind: 'retry',
          reason: `reconciling ${number}: ARCA keeps refusing the resend`,
        });
      return { at: 'submitting', voucher, firstSend: false, round };
    }
    case 'consulting': {
      if (event.type !== 'consulted') return unexpected(state, event);
      const { voucher, last } = state;
      const number = voucher.CbteNro;
      if (!event.answer.ok)
        return done({
          kind: 'retry',
          reason: `reconciling ${number}: FECompConsultar failed (${event.answer.code})`,
        });
      const { held } = event.answer;
      if (held?.approved && held.caeExpiry < held.date)
        return review(
          voucher,
          `ARCA holds voucher ${number} with CAE ${held.cae} expiring ${held.caeExpiry}, before its date ${held.date}`,
        );
      if (held?.approved && held.same) {
        const adopted = {
          cae: held.cae,
          caeExpiry: held.caeExpiry,
          observations: held.observations,
        };
        return {
          at: 'recording',
          write: { kind: 'approved', ...adopted },
          result: { kind: 'approved', voucher, ...adopted },
        };
      }
      return review(
        voucher,
        held
          ? `ARCA holds a different voucher under number ${number}`
          : `ARCA's last number is ${last} but it has no voucher ${number}`,
      );
    }
    case 'recording':
      if (event.type !== 'written') return unexpected(state, event);
      // Another job on the same entry recorded ARCA's answer first: what the row says stands (an
      // approval never overwritten by a review, nor a review stamped as approved). Read it once more.
      if (!event.recorded && state.write.kind !== 'drop')
        return { at: 'reading', restarts: MAX_RESTARTS };
      return done(state.result);
    case 'done':
      return unexpected(state, event);
  }
}

/** What FECAESolicitar's answer means for the voucher sent. */
function afterCae(
  state: Extract<SendState, { at: 'submitting' }>,
  answer: CaeAnswer,
  context: SendContext,
): SendState {
  const { voucher, firstSend, round } = state;
  if (answer.status === 'approved') {
    const differences = approvalDifferences(answer, voucher, context.cuit);
    // Never stamped: a CAE ARCA gave another voucher (or one that expires before this one's date)
    // would be printed, and its QR encoded, as this invoice's authorisation.
    if (differences.length)
      return review(
        voucher,
        `ARCA's approval does not match the voucher sent (${describeDifferences(differences)}); ARCA answered CAE ${answer.cae}, expiring ${answer.caeExpiry}`,
      );
    const approved = {
      cae: answer.cae,
      caeExpiry: answer.caeExpiry,
      observations: answer.observations,
    };
    return {
      at: 'recording',
      write: { kind: 'approved', ...approved },
      result: { kind: 'approved', voucher, ...approved },
    };
  }
  if (answer.status === 'rejected') {
    const errors = answer.fault
      ? [
          ...answer.errors,
          { code: 0, message: `SOAP fault ${answer.fault.code}: ${answer.fault.message}` },
        ]
      : answer.errors;
    // "Not the next number": another system may share the point of sale, or an earlier send of
    // ours got through after all. Only ARCA's own record can tell.
    if (answer.notNext)
      return round < RECONCILE_ROUNDS
        ? { at: 'reconciling', voucher, round: round + 1 }
        : // Out of rounds, an earlier unanswered attempt may still have reached ARCA late: the
          // number is released only while ARCA holds nothing under it.
          {
            at: 'reconciling',
            voucher,
            round,
            rejection: { errors, observations: answer.observations },
          };
    // A resend's rejection may be of a copy while an earlier one got through (the day moved ARCA's
    // date window, the customer's status changed at ARCA): the number is released only while ARCA
    // holds nothing under it.
    if (!firstSend)
      return {
        at: 'reconciling',
        voucher,
        round,
        rejection: { errors, observations: answer.observations },
      };
    return recordRejection(voucher, { errors, observations: answer.observations });
  }
  if (answer.status === 'not_sent')
    return firstSend
      ? // Refused before a byte was sent: the number was never used, the sequence is free again.
        {
          at: 'recording',
          write: { kind: 'drop', number: voucher.CbteNro },
          result: { kind: 'retry', reason: 'ARCA could not be reached; nothing was sent' },
        }
      : // Unreachable on a resend: the pending row keeps the number and the sequence.
        done({ kind: 'retry', reason: 'ARCA could not be reached to resend the pending voucher' });
  // Unknown (timeout, 5xx, connection lost, unreadable): what ARCA holds decides.
  return { at: 'reconciling', voucher, round: round + 1 };
}

function recordRejection(
  voucher: NumberedSendVoucher,
  answer: { errors: WsfeError[]; observations: WsfeError[] },
): SendState {
  return {
    at: 'recording',
    write: { kind: 'rejected', ...answer },
    result: { kind: 'rejected', voucher, ...answer },
  };
}
