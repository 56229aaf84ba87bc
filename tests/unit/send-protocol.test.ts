import { describe, expect, it } from 'vitest';
import type { CaeResult, NumberedFeVoucher } from '@/lib/arca';
import {
  MAX_RESTARTS,
  RECONCILE_ROUNDS,
  rowMeaning,
  transition,
  type CaeAnswer,
  type SendState,
} from '@/lib/invoices/send-protocol';
import type { InvoiceSend } from '@/lib/invoices/send-store';

const voucher: NumberedFeVoucher = {
  PtoVta: 3,
  CbteTipo: 6,
  Concepto: 1,
  DocTipo: 99,
  DocNro: '0',
  CbteFch: '20261128',
  ImpTotal: '121.00',
  ImpTotConc: '0.00',
  ImpNeto: '100.00',
  ImpOpEx: '0.00',
  ImpTrib: '0.00',
  ImpIVA: '21.00',
  MonId: 'PES',
  MonCotiz: '1',
  CondicionIVAReceptorId: 5,
  Iva: [{ Id: 5, BaseImp: '100.00', Importe: '21.00' }],
  CbteNro: 7,
};
const { CbteNro: _, ...unnumbered } = voucher;
const context = { cuit: '30712345674', voucher: unnumbered, jobId: 'job-1' };
const row = (over: Partial<InvoiceSend>): InvoiceSend => ({
  entryId: 'e',
  ownerId: 'o',
  supplierEntryId: 's',
  environment: 'sandbox',
  cuit: context.cuit,
  pointOfSale: 3,
  voucherType: 6,
  number: 7,
  stored: { kind: 'numbered', voucher },
  requestHash: 'h',
  status: 'pending',
  cae: null,
  caeExpiry: null,
  observations: [],
  errors: [],
  jobId: 'job-1',
  batchOf: null,
  ...over,
});
const held = { latestDate: null, highest: 41 };
const notNext: CaeAnswer = {
  status: 'rejected',
  errors: [{ code: 10016, message: 'no es el próximo' }],
  observations: [],
  events: [],
  notNext: true,
};

describe('the send protocol', () => {
  it('reads a stored row one way: free, numbered (reconcile), or settled', () => {
    expect(rowMeaning(undefined)).toEqual({ kind: 'free' });
    expect(rowMeaning(row({ status: 'rejected', number: null }))).toEqual({ kind: 'free' });
    expect(rowMeaning(row({}))).toEqual({ kind: 'numbered', voucher });
    expect(rowMeaning(row({ status: 'approved', cae: '1', caeExpiry: '20261208' }))).toMatchObject({
      kind: 'settled',
      result: { kind: 'approved', voucher, cae: '1' },
    });
    expect(rowMeaning(row({ status: 'approved' }))).toMatchObject({
      result: { kind: 'review', reason: 'the approved send has no CAE stored' },
    });
    expect(
      rowMeaning(row({ stored: { kind: 'unreadable', problem: 'the voucher is not one' } })),
    ).toEqual({
      kind: 'settled',
      result: { kind: 'review', voucher: null, reason: 'the voucher is not one' },
    });
  });

  it('bounds the restarts when the row keeps moving under the sender', () => {
    let state: SendState = { at: 'claiming', restarts: 0 };
    for (let i = 0; i <= MAX_RESTARTS; i++) {
      state = transition(
        state,
        { type: 'claim', claim: { claimed: false, settled: true } },
        context,
      );
      if (state.at === 'reading')
        state = transition(state, { type: 'read', row: undefined, fresh: true }, context);
    }
    expect(state).toEqual({ at: 'done', result: expect.objectContaining({ kind: 'retry' }) });
  });

  it('bounds the rounds of 10016, then rejects only while ARCA holds nothing under the number', () => {
    let state: SendState = { at: 'submitting', voucher, firstSend: true, round: 0 };
    for (let round = 0; round < RECONCILE_ROUNDS; round++) {
      state = transition(state, { type: 'cae', answer: notNext }, context);
      expect(state).toMatchObject({ at: 'reconciling', round: round + 1 });
      state = transition(state, { type: 'last', answer: { ok: true, number: 6 } }, context);
      expect(state).toMatchObject({ at: 'submitting', firstSend: false });
    }
    state = transition(state, { type: 'cae', answer: notNext }, context);
    expect(state).toMatchObject({ at: 'reconciling', rejection: expect.anything() });
    const held = transition(state, { type: 'last', answer: { ok: true, number: 7 } }, context);
    expect(held).toEqual({ at: 'consulting', voucher, last: 7 });
    const free = transition(state, { type: 'last', answer: { ok: true, number: 6 } }, context);
    expect(free).toMatchObject({ at: 'recording', write: { kind: 'rejected' } });
  });

  it("a resend's rejection (not 10016) releases the number only while ARCA holds nothing under it", () => {
    const rejected: CaeAnswer = {
      status: 'rejected',
      errors: [],
      observations: [{ code: 10242, message: 'condición IVA' }],
      events: [],
      notNext: false,
    };
    const first = transition(
      { at: 'submitting', voucher, firstSend: true, round: 0 },
      { type: 'cae', answer: rejected },
      context,
    );
    expect(first).toMatchObject({ at: 'recording', write: { kind: 'rejected' } });
    const resend = transition(
      { at: 'submitting', voucher, firstSend: false, round: 1 },
      { type: 'cae', answer: rejected },
      context,
    );
    expect(resend).toMatchObject({ at: 'reconciling', rejection: expect.anything() });
    // An earlier copy got through: ARCA's record decides (adopt if ours), never a released number.
    expect(transition(resend, { type: 'last', answer: { ok: true, number: 7 } }, context)).toEqual({
      at: 'consulting',
      voucher,
      last: 7,
    });
    expect(
      transition(resend, { type: 'last', answer: { ok: true, number: 6 } }, context),
    ).toMatchObject({ at: 'recording', write: { kind: 'rejected' } });
  });

  it('reads the row again when another job recorded first, instead of ending with its own answer', () => {
    const recording: SendState = {
      at: 'recording',
      write: { kind: 'review', reason: 'x' },
      result: { kind: 'review', voucher, reason: 'x' },
    };
    expect(transition(recording, { type: 'written', recorded: false }, context)).toEqual({
      at: 'reading',
      restarts: MAX_RESTARTS,
    });
    expect(transition(recording, { type: 'written', recorded: true }, context)).toEqual({
      at: 'done',
      result: recording.result,
    });
  });

  it('numbers a new send from the mapped voucher, a numbered one from the stored voucher only', () => {
    const gathering = transition(
      { at: 'askingLast', held, restarts: 0 },
      { type: 'last', answer: { ok: true, number: 41 } },
      context,
    );
    expect(gathering).toEqual({ at: 'gathering', last: 41, held, restarts: 0 });
    const numbering = transition(
      gathering,
      { type: 'gathered', gathered: { kind: 'alone' } },
      context,
    );
    expect(numbering).toMatchObject({ at: 'reserving', voucher: { PtoVta: 3, CbteNro: 42 } });
    const stored = { ...voucher, PtoVta: 9 };
    const reconciling = transition(
      { at: 'reading', restarts: 0 },
      { type: 'read', row: row({ stored: { kind: 'numbered', voucher: stored } }), fresh: true },
      context,
    );
    expect(reconciling).toEqual({ at: 'reconciling', voucher: stored, round: 0 });
  });
});

describe('one round trip while this process holds the sequence', () => {
  const checking: SendState = { at: 'checkingPointOfSale', held, restarts: 0 };
  const usable = { type: 'pointOfSale', allowed: { ok: true } } as const;

  it('numbers from the last number it saw approved when no send here holds a later one', () => {
    expect(transition(checking, usable, { ...context, knownLast: 41 })).toEqual({
      at: 'gathering',
      last: 41,
      held,
      restarts: 0,
      known: true,
    });
  });

  it('asks FECompUltimoAutorizado when it knows none, or another send here holds a later number', () => {
    expect(transition(checking, usable, context)).toMatchObject({ at: 'askingLast' });
    expect(transition(checking, usable, { ...context, knownLast: 40 })).toMatchObject({
      at: 'askingLast',
    });
  });
});

describe('batches', () => {
  const member = (entryId: string, jobId: string, CbteNro: number) => ({
    entryId,
    ownerId: 'o',
    supplierEntryId: 's',
    jobId,
    voucher: { ...voucher, CbteNro },
  });
  const members = [member('a', 'job-1', 7), member('b', 'job-2', 8), member('c', 'job-3', 9)];
  const submitting: SendState = { at: 'submittingBatch', members, restarts: 0 };
  const approved = (number: number): CaeResult => ({
    status: 'approved',
    pointOfSale: 3,
    voucherType: 6,
    number,
    numberTo: number,
    cuit: context.cuit,
    date: voucher.CbteFch,
    cae: `7000000000000${number}`.slice(-14),
    caeExpiry: '20261208',
    processedAt: '20261128100000',
    observations: [],
    events: [],
  });
  const rejected = (code: number): CaeResult => ({
    status: 'rejected',
    errors: [],
    observations: code ? [{ code, message: 'x' }] : [],
    events: [],
  });

  it('adopts the approved prefix, records the first rejection and frees the numbers after it', () => {
    const next = transition(
      submitting,
      {
        type: 'batchCae',
        answer: { status: 'answered', details: [approved(7), rejected(10048), rejected(0)] },
      },
      context,
    );
    expect(next).toMatchObject({
      at: 'recordingBatch',
      writes: [
        { entryId: 'a', kind: 'approved' },
        { entryId: 'b', kind: 'rejected', observations: [{ code: 10048 }] },
        { entryId: 'c', kind: 'free' },
      ],
      result: { kind: 'approved', voucher: { CbteNro: 7 } },
    });
  });

  it('puts an approval naming another voucher in review, as a single send does', () => {
    const next = transition(
      submitting,
      {
        type: 'batchCae',
        answer: { status: 'answered', details: [approved(7), approved(79), approved(9)] },
      },
      context,
    );
    expect(next).toMatchObject({
      writes: [{ kind: 'approved' }, { kind: 'review' }, { kind: 'approved' }],
    });
  });

  it('reconciles every member when the answer is unknown or the first number was not the next', () => {
    for (const answer of [
      { status: 'unknown', reason: 'timeout' } as const,
      {
        status: 'answered',
        details: [notNext, notNext, notNext].map((d) => ({ ...d })),
      } as const,
    ])
      expect(transition(submitting, { type: 'batchCae', answer }, context)).toEqual({
        at: 'reading',
        restarts: 0,
      });
  });

  it('frees every number when nothing was sent', () => {
    expect(
      transition(
        submitting,
        { type: 'batchCae', answer: { status: 'not_sent', reason: 'unreachable' } },
        context,
      ),
    ).toMatchObject({
      writes: members.map((m) => ({ entryId: m.entryId, kind: 'free' })),
      result: { kind: 'retry' },
    });
  });

  it('reconciles members lowest first, and frees one whose lower number never reached ARCA', () => {
    const inBatch = row({
      number: 8,
      stored: { kind: 'numbered', voucher: members[1]!.voucher },
      batchOf: 'a',
    });
    expect(
      transition(
        { at: 'reading', restarts: 0 },
        { type: 'read', row: inBatch, fresh: true, batch: { first: 7, lowerPending: true } },
        context,
      ),
    ).toEqual({ at: 'done', result: { kind: 'busy' } });
    const reconciling = transition(
      { at: 'reading', restarts: 0 },
      { type: 'read', row: inBatch, fresh: true, batch: { first: 7, lowerPending: false } },
      context,
    );
    expect(reconciling).toEqual({
      at: 'reconciling',
      voucher: members[1]!.voucher,
      round: 0,
      batchFirst: 7,
    });
    // ARCA's last is 6: number 7 (rejected, or itself freed) is not there, so 8 cannot be.
    expect(
      transition(reconciling, { type: 'last', answer: { ok: true, number: 6 } }, context),
    ).toMatchObject({
      at: 'recording',
      write: { kind: 'drop', number: 8 },
      result: { kind: 'retry' },
    });
    // Below the batch's first number: ARCA lost vouchers, a person looks.
    expect(
      transition(reconciling, { type: 'last', answer: { ok: true, number: 5 } }, context),
    ).toMatchObject({ at: 'recording', write: { kind: 'review' } });
  });

  it('ends a carried send with the rejection its batch recorded under its job', () => {
    const recorded = row({
      status: 'rejected',
      number: null,
      stored: { kind: 'released', voucher },
      batchOf: 'a',
      observations: [{ code: 10048, message: 'x' }],
    });
    expect(
      transition(
        { at: 'reading', restarts: 0 },
        { type: 'read', row: recorded, fresh: true },
        context,
      ),
    ).toMatchObject({ at: 'done', result: { kind: 'rejected', voucher } });
    expect(
      transition(
        { at: 'reading', restarts: 0 },
        { type: 'read', row: { ...recorded, jobId: 'another' }, fresh: true },
        context,
      ),
    ).toEqual({ at: 'claiming', restarts: 0 });
  });
});

describe('a known last number ARCA contradicts', () => {
  it('frees the number and asks ARCA next time instead of reconciling a first send', () => {
    const submitting: SendState = {
      at: 'submitting',
      voucher,
      firstSend: true,
      round: 0,
      known: true,
    };
    expect(transition(submitting, { type: 'cae', answer: notNext }, context)).toMatchObject({
      at: 'recording',
      write: { kind: 'drop', number: 7 },
      result: { kind: 'retry' },
    });
    const { known: _known, ...asked } = submitting;
    expect(transition(asked, { type: 'cae', answer: notNext }, context)).toMatchObject({
      at: 'reconciling',
    });
  });
});
