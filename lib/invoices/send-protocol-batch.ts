import type { CaeResult, FeCaeAnswer, WsfeError } from '@/lib/arca';
import type { BatchMember, MemberWrite } from './send-batch-store';
import {
  STALE_LAST,
  type SendContext,
  type SendResult,
  type SendState,
} from './send-protocol-types';
import { approvalDifferences, describeDifferences } from './verify-approval';
import { WSFE_NOT_NEXT } from './wsfe-codes';

// The send protocol's decisions on a batch's answer (send-protocol.ts draws the rest). WSFEv1's
// manual («Operatoria ante errores»): the details are processed in order; the first rejected one
// stops the batch and those after it come back R, not processed. So a prefix is approved (each
// approval verified as a single one is), one voucher may be rejected, and the rest are free at ARCA:
// their rows go and their sends start over under new numbers, so the sequence keeps no gap.

const notNext = (errors: WsfeError[]) => errors.some((e) => e.code === WSFE_NOT_NEXT);

type Submitting = Extract<SendState, { at: 'submittingBatch' }>;

/** What FECAESolicitar's answer to a batch means for each member, and for this send. */
export function afterBatchCae(
  state: Submitting,
  answer: FeCaeAnswer,
  context: SendContext,
): SendState {
  const { members } = state;
  const holder = holderOf(members, context);
  const freeAll = (reason: string) =>
    recording(
      members,
      members.map((m) => ({ entryId: m.entryId, kind: 'free' })),
      holder,
      { kind: 'retry', reason },
    );
  // Refused before a byte was sent: nothing can be at ARCA, every number is free again.
  if (answer.status === 'not_sent') return freeAll('ARCA could not be reached; nothing was sent');
  // Numbered from what this process knew, and ARCA says the first is not the next: nothing of the
  // batch was issued (its first send, answered); every number goes and the next attempt asks ARCA.
  if (state.known && firstNotNext(answer)) return freeAll(STALE_LAST);
  if (
    answer.status === 'unknown' ||
    (answer.status === 'rejected' && notNext(answer.errors)) ||
    (answer.status === 'answered' && !readable(answer.details, members.length))
  )
    // What ARCA holds decides: each member is reconciled from its row, lowest number first.
    return { at: 'reading', restarts: state.restarts };
  if (answer.status === 'rejected') {
    // The whole request refused (the issuer's problem, or a request ARCA could not read): nothing
    // is at ARCA. This send records it; the others start over, each its own verdict.
    const errors = answer.fault
      ? [
          ...answer.errors,
          { code: 0, message: `SOAP fault ${answer.fault.code}: ${answer.fault.message}` },
        ]
      : answer.errors;
    return recording(
      members,
      members.map((m) =>
        m === holder
          ? { entryId: m.entryId, kind: 'rejected', errors, observations: answer.observations }
          : { entryId: m.entryId, kind: 'free' },
      ),
      holder,
    );
  }
  const writes = decideDetails(answer.details, members, context.cuit);
  return recording(members, writes, holder);
}

function holderOf(members: BatchMember[], context: SendContext): BatchMember {
  const own = members.find((m) => m.jobId === context.jobId);
  if (!own) throw new Error('send protocol: a batch without the send that holds the sequence');
  return own;
}

function firstNotNext(answer: FeCaeAnswer): boolean {
  if (answer.status === 'rejected') return notNext(answer.errors);
  const first = answer.status === 'answered' ? answer.details[0] : undefined;
  return first?.status === 'rejected' && notNext(first.errors);
}

/** Every detail answered (one per member), none of them unreadable. */
function readable(details: CaeResult[], count: number): boolean {
  if (details.length !== count) return false;
  // Errors 10016 on the first detail: the batch's first number was not the next (the recorded batch
  // of 250 answers so): as a single send's, only ARCA's record can tell why.
  const first = details[0];
  if (first?.status === 'rejected' && notNext(first.errors)) return false;
  return details.every((d) => d.status === 'approved' || d.status === 'rejected');
}

function decideDetails(details: CaeResult[], members: BatchMember[], cuit: string): MemberWrite[] {
  let stopped = false;
  return members.map((member, i): MemberWrite => {
    const detail = details[i]!;
    const { entryId, voucher } = member;
    if (stopped) return { entryId, kind: 'free' };
    if (detail.status === 'approved') {
      const differences = approvalDifferences(detail, voucher, cuit);
      if (differences.length)
        return {
          entryId,
          kind: 'review',
          errors: [
            {
              code: 0,
              message: `ARCA's approval does not match the voucher sent (${describeDifferences(differences)}); ARCA answered CAE ${detail.cae}, expiring ${detail.caeExpiry}`,
            },
          ],
        };
      return {
        entryId,
        kind: 'approved',
        cae: detail.cae,
        caeExpiry: detail.caeExpiry,
        observations: detail.observations,
      };
    }
    stopped = true;
    if (detail.status !== 'rejected') return { entryId, kind: 'free' };
    // "Not the next number" after approvals in the same batch: ARCA did not take it; it is free.
    if (detail.observations.length && detail.observations.every((o) => o.code === WSFE_NOT_NEXT))
      return { entryId, kind: 'free' };
    return {
      entryId,
      kind: 'rejected',
      errors: detail.errors,
      observations: detail.observations,
    };
  });
}

/** The writes, and this send's result read from its own. */
function recording(
  members: BatchMember[],
  writes: MemberWrite[],
  holder: BatchMember,
  freed: SendResult = {
    kind: 'retry',
    reason: 'not processed: an earlier voucher of its batch was rejected',
  },
): SendState {
  const own = writes.find((w) => w.entryId === holder.entryId)!;
  const { voucher } = holder;
  const result: SendResult =
    own.kind === 'approved'
      ? { kind: 'approved', voucher, ...pick(own) }
      : own.kind === 'rejected'
        ? { kind: 'rejected', voucher, errors: own.errors, observations: own.observations }
        : own.kind === 'review'
          ? { kind: 'review', voucher, reason: own.errors[0]!.message }
          : freed;
  return { at: 'recordingBatch', members, writes, result };
}

const pick = (w: Extract<MemberWrite, { kind: 'approved' }>) => ({
  cae: w.cae,
  caeExpiry: w.caeExpiry,
  observations: w.observations,
});
