import type { WsfeError } from '@/lib/arca';
import { approvalDifferences, describeDifferences } from './verify-approval';
import { afterBatchCae } from './send-protocol-batch';
import type { InvoiceSend } from './send-store';
import {
  type SendResult,
  type RowMeaning,
  type SendState,
  type CaeAnswer,
  type SendEvent,
  type SendContext,
  RECONCILE_ROUNDS,
  MAX_RESTARTS,
  STALE_LAST,
} from './send-protocol-types';
import type { NumberedSendVoucher } from './send-voucher-kinds';

// The send protocol as one state machine: what a stored row means, the states a send passes
// through, the events that move it (ARCA's answers and the store's), and `transition`, pure. The
// driver (send-voucher.ts) performs each state's effect and feeds its outcome back as the event.
// docs/invoicing.md (The send protocol) draws it. Its vocabulary is send-protocol-types.ts.

export * from './send-protocol-types';

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
      const { row } = event;
      // A batch that carried this job's send recorded ARCA's rejection of it: that is its verdict.
      if (
        event.fresh &&
        row?.status === 'rejected' &&
        row.batchOf &&
        row.jobId === context.jobId &&
        row.stored.kind === 'released'
      )
        return done({
          kind: 'rejected',
          voucher: row.stored.voucher,
          errors: row.errors,
          observations: row.observations,
        });
      const meaning = rowMeaning(row);
      if (meaning.kind === 'free') return { at: 'claiming', restarts: state.restarts };
      if (meaning.kind === 'settled') return done(meaning.result);
      // A pending number read before the turn may have been reconciled meanwhile: read it again.
      if (!event.fresh) return { at: 'reading', restarts: state.restarts };
      // ARCA numbers in order: a batch's members are reconciled from its lowest number up.
      if (event.batch?.lowerPending) return done({ kind: 'busy' });
      return {
        at: 'reconciling',
        voucher: meaning.voucher,
        round: 0,
        ...(event.batch && { batchFirst: event.batch.first }),
      };
    }
    case 'claiming': {
      if (event.type !== 'claim') return unexpected(state, event);
      if (event.claim.claimed) return { at: 'checkingDate', restarts: state.restarts };
      // This entry's own row moved on (another job on it): read it again instead of starting over.
      if ('settled' in event.claim) return restart(state.restarts);
      return done({ kind: 'busy' });
    }
    case 'checkingDate': {
      if (event.type !== 'held') return unexpected(state, event);
      const date = event.held.latestDate;
      if (date && context.voucher.CbteFch < date)
        return {
          at: 'recording',
          write: { kind: 'drop', number: null },
          result: {
            kind: 'invalid',
            reason: `its date ${context.voucher.CbteFch} is before ${date}, the date of the last voucher approved on this point of sale and voucher type`,
          },
        };
      return { at: 'checkingPointOfSale', held: event.held, restarts: state.restarts };
    }
    case 'checkingPointOfSale': {
      if (event.type !== 'pointOfSale') return unexpected(state, event);
      const { held, restarts } = state;
      // This process saw ARCA approve the last number, and no send here holds a later one: nothing
      // can have been issued since by this system; another system on the point of sale is the
      // 10016 a first send already reconciles.
      if (event.allowed.ok && context.knownLast !== undefined && context.knownLast === held.highest)
        return { at: 'gathering', last: context.knownLast, held, restarts, known: true };
      if (event.allowed.ok) return { at: 'askingLast', held, restarts };
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
      return { at: 'gathering', last: answer.number, held: state.held, restarts: state.restarts };
    }
    case 'gathering': {
      if (event.type !== 'gathered') return unexpected(state, event);
      const { gathered } = event;
      const known = state.known && { known: state.known };
      if (gathered.kind === 'reserved')
        return {
          at: 'submittingBatch',
          members: gathered.members,
          restarts: state.restarts,
          ...known,
        };
      if (gathered.kind === 'lost') return restart(state.restarts);
      // Alone, or a number of the batch already held here: this send alone, as ever.
      return {
        at: 'reserving',
        voucher: { ...context.voucher, CbteNro: state.last + 1 },
        last: state.last,
        restarts: state.restarts,
        ...known,
      };
    }
    case 'submittingBatch':
      if (event.type !== 'batchCae') return unexpected(state, event);
      return afterBatchCae(state, event.answer, context);
    case 'recordingBatch':
      if (event.type !== 'written') return unexpected(state, event);
      // This send's own row was no longer pending in the batch: what it says stands.
      if (!event.recorded) return { at: 'reading', restarts: MAX_RESTARTS };
      return done(state.result);
    case 'reserving': {
      if (event.type !== 'reserved') return unexpected(state, event);
      if (event.outcome === 'reserved')
        return {
          at: 'submitting',
          voucher: state.voucher,
          firstSend: true,
          round: 0,
          ...(state.known && { known: state.known }),
        };
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
      // A number of our batch below ours is not at ARCA, and its member is settled (members are
      // reconciled lowest first): rejected, or freed in turn. ARCA numbers in order, so ours is not
      // there, and a copy of the batch landing late stops at that member too (ARCA judges the
      // content: two copies of one voucher get one verdict). It is freed; the send starts over.
      if (state.batchFirst !== undefined && last >= state.batchFirst - 1 && last < number - 1)
        return {
          at: 'recording',
          write: { kind: 'drop', number },
          result: {
            kind: 'retry',
            reason: `not processed: number ${last + 1} of its batch was not issued, so ${number} was freed`,
          },
        };
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
    // Numbered without asking ARCA, and ARCA says it is not the next: nothing of ours can be under it
    // (this voucher's first send, answered). What this process knew was stale (ARCA reset, another
    // system on the point of sale): the number goes, and the next attempt asks ARCA.
    if (state.known && firstSend && answer.notNext)
      return {
        at: 'recording',
        write: { kind: 'drop', number: voucher.CbteNro },
        result: { kind: 'retry', reason: STALE_LAST },
      };
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
