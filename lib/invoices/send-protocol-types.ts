import type { CaeResult, FeCaeAnswer, WsfeError } from '@/lib/arca';
import type { BatchMember, MemberWrite } from './send-batch-store';
import type { Claim, InvoiceSend } from './send-store';
import type { NumberedSendVoucher, SendVoucher } from './send-voucher-kinds';

// The send protocol's vocabulary: results, states, events and bounds (send-protocol.ts moves
// between them; send-protocol-batch.ts handles a batch's answer).

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

/** A store write the protocol asks for before it ends. */
export type SendWrite =
  | { kind: 'drop'; number: number | null }
  | { kind: 'review'; reason: string }
  | { kind: 'approved'; cae: string; caeExpiry: string; observations: WsfeError[] }
  | { kind: 'rejected'; errors: WsfeError[]; observations: WsfeError[] };

/** What this system holds on the sequence, read once it is claimed (send-store's sequenceHeld). */
export interface SequenceHeld {
  latestDate: string | null;
  highest: number | null;
}

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
  /** Claimed: what this system holds on the sequence (the latest approved date, the highest number). */
  | { at: 'checkingDate'; restarts: number }
  /** Live: is the point of sale usable (FEParamGetPtosVenta). */
  | { at: 'checkingPointOfSale'; held: SequenceHeld; restarts: number }
  /** FECompUltimoAutorizado, to number the voucher. */
  | { at: 'askingLast'; held: SequenceHeld; restarts: number }
  /**
   * ARCA's last number known: the other sends of the sequence waiting in this process's queue are
   * taken into one batch with this one and their numbers reserved at once (none waiting, or a
   * service without batches: this one alone).
   */
  | { at: 'gathering'; last: number; held: SequenceHeld; restarts: number; known?: true }
  /** FECAESolicitar for the batch's vouchers, numbered consecutively. */
  | { at: 'submittingBatch'; members: BatchMember[]; restarts: number; known?: true }
  /** The batch's answer written on every member's row at once, then this send's result. */
  | { at: 'recordingBatch'; members: BatchMember[]; writes: MemberWrite[]; result: SendResult }
  /** Store N+1 and its voucher on the pending row, committed before anything is sent. */
  | {
      at: 'reserving';
      voucher: NumberedSendVoucher;
      last: number;
      restarts: number;
      known?: true;
    }
  /**
   * FECAESolicitar for the stored voucher. `known`: numbered from the last number this process saw
   * approved, without asking ARCA.
   */
  | {
      at: 'submitting';
      voucher: NumberedSendVoucher;
      firstSend: boolean;
      round: number;
      known?: true;
    }
  /**
   * FECompUltimoAutorizado for a numbered voucher whose answer is not known, or that ARCA rejected
   * when an earlier copy may have got through (`rejection`: recorded only if ARCA holds nothing).
   */
  | {
      at: 'reconciling';
      voucher: NumberedSendVoucher;
      round: number;
      rejection?: { errors: WsfeError[]; observations: WsfeError[] };
      /** Sent in a batch whose first number is this: a number below ours not at ARCA frees ours. */
      batchFirst?: number;
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

/** How a batch was gathered: this send alone, every member reserved, or the rows moved meanwhile. */
export type Gathered =
  | { kind: 'alone' }
  | { kind: 'reserved'; members: BatchMember[] }
  | { kind: 'lost' }
  | { kind: 'held' };

export type SendEvent =
  /** `batch`: a numbered row sent in a batch, where it stands in it (send-batch-store's batchPosition). */
  | {
      type: 'read';
      row: InvoiceSend | undefined;
      fresh: boolean;
      batch?: { first: number; lowerPending: boolean };
    }
  | { type: 'claim'; claim: Claim }
  | { type: 'held'; held: SequenceHeld }
  | { type: 'pointOfSale'; allowed: Allowed }
  | { type: 'last'; answer: LastAnswer }
  | { type: 'reserved'; outcome: 'reserved' | 'lost' | 'held' }
  | { type: 'cae'; answer: CaeAnswer }
  | { type: 'consulted'; answer: ConsultAnswer }
  | { type: 'gathered'; gathered: Gathered }
  | { type: 'batchCae'; answer: FeCaeAnswer }
  /** `recorded`: false when the row was no longer pending (another job on the entry decided first). */
  | { type: 'written'; recorded: boolean };

/** What the transition needs to know of the request besides the state. */
export interface SendContext {
  cuit: string;
  /** The voucher mapped from the entry: used only when nothing is stored for it yet. */
  voucher: SendVoucher;
  /** The job sending: a batch that carried its send recorded ARCA's verdict under this id. */
  jobId: string;
  /**
   * The last number this process saw ARCA approve on the sequence, kept only while nothing cast a
   * doubt on it since (send-voucher.ts): when it is still the highest this system holds, the
   * sequence's next number is known without asking FECompUltimoAutorizado.
   */
  knownLast?: number;
}

// Reconciling a lost answer may resend once and find ARCA still saying "not next": bounded.
export const RECONCILE_ROUNDS = 3;
// The row moving under this sender (a second job on the same entry) sends it back to read it.
export const MAX_RESTARTS = 3;
// Every path is far shorter; past this the driver stops with `retry` (a bug, never a loop).
export const MAX_TRANSITIONS = 40;
export const STALE_LAST =
  "the last number this process knew was not ARCA's (not the next number): nothing was issued; the next attempt asks ARCA";
