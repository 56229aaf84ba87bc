import { describe, expect, it } from 'vitest';
import type { NumberedFeVoucher } from '@/lib/arca';
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
const context = { cuit: '30712345674', voucher: unnumbered };
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
  ...over,
});
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
    const numbering = transition(
      { at: 'askingLast', restarts: 0 },
      { type: 'last', answer: { ok: true, number: 41 } },
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
