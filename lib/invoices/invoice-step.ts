import 'server-only';
import type { ArcaEnvironment } from '@/lib/arca';
import {
  argentinaToday,
  dateOutsideWindow,
  voucherClassOf,
  type InvoiceType,
} from '@/lib/invoice-model';
import { requireGovAr, type ArcaEndpoints, type Regime } from '@/lib/registration';
import { getEntry } from '@/lib/silo';
import type { StepContext, StepHandler, StepOutcome } from '@/lib/transform';
import { applyApproval, applyRejection } from './apply-approval';
import { displayNumber } from './display-number';
import { openArcaSession } from './arca-session';
import { describeArcaErrors, knockOut, retryLater } from './outcomes';
import { invoicingSupplier } from './invoicing-supplier';
import { aroundArca, sendArcaOf, timedArca } from './send-arca';
import { rowMeaning, type SendResult, type SendState } from './send-protocol';
import { LOCAL_TURNS, sendVoucher, timedSlot, timedTurns, type SendTurns } from './send-voucher';
import { ticketFailure } from './ticket-failure';
import type { SendQueue } from './send-batch-gather';
import { getSend } from './send-store';
import {
  isCtSend,
  serviceOf,
  toSendVoucher,
  type NumberedSendVoucher,
  type SendVoucher,
  type VoucherService,
} from './send-voucher-kinds';
import { WSFE_NOT_NEXT } from './wsfe-codes';

export interface InvoiceStepOptions {
  /** ARCA's endpoints per environment instead of the configured ones (tests: their simulator). */
  endpointsFor?: (environment: ArcaEnvironment) => ArcaEndpoints;
  /** WSFE's deadline per call (default 20 s). */
  timeoutMs?: number;
  /** How long a sender waits for another process's send on the same sequence (default 30 s). */
  waitForSequenceMs?: number;
  /**
   * Told, after each run, the step's time, the part of it spent waiting for ARCA (WSAA and WSFE
   * calls), and the part spent waiting for other sends' turns on the sequence.
   */
  observe?: (timing: { totalMs: number; arcaMs: number; waitMs: number }) => void;
  /**
   * How senders of one sequence take turns (default: this process's queue). Tests give each
   * simulated process its own, so their senders meet only in the database, as processes do.
   */
  turns?: SendTurns;
  /** The sends waiting per sequence, for batches, and the known last numbers (default: this process's). */
  queue?: SendQueue;
  /** Tests: awaited before each effect of the send protocol (to interleave senders, or crash one). */
  beforeEffect?: (state: SendState, job: { id: string; entryId: string }) => Promise<void>;
}

type Json = Record<string, unknown>;
const asObject = (value: unknown): Json =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};

// Developers' messages name the voucher as ARCA does; the class and kind come from the one table of types.
const KIND_NAMES: Record<InvoiceType, string> = {
  standard: 'Factura',
  'debit-note': 'Nota de Débito',
  'credit-note': 'Nota de Crédito',
};
const typeName = (voucherType: number) => {
  const known = voucherClassOf(voucherType);
  if (!known) return `type ${voucherType}`;
  if (known.invoiceType === 'other') return 'Comprobante de Compra de Bienes Usados';
  return `${KIND_NAMES[known.invoiceType]} ${known.voucherClass}`;
};
const voucherName = (v: NumberedSendVoucher | null) =>
  v ? `${typeName(v.CbteTipo)} ${displayNumber(v.PtoVta, v.CbteNro)}` : 'The invoice';

const POINT_OF_SALE_PROBLEMS: Record<string, string> = {
  not_listed: 'is not registered for web services',
  not_cae: 'is not a web services (CAE) point of sale',
  caea: 'is a CAEA point of sale, which cannot get a CAE on the spot',
  blocked: 'is blocked at ARCA',
  closed: 'is closed at ARCA',
};

const POINTS_OF_SALE_QUERY: Record<VoucherService, string> = {
  wsfe: 'FEParamGetPtosVenta',
  wsct: 'consultarPuntosVenta',
};
const POINT_OF_SALE_HOW: Record<VoucherService, string> = {
  wsfe: 'In ARCA, «Administración de puntos de venta y domicilios» → «A/B/M de puntos de venta» → «Agregar», Sistema «RECE para aplicativo y web services» (or «Factura Electrónica - Monotributo - Web Services» for a monotributista); never «Factura en Línea».',
  wsct: "A Factura T needs a point of sale enabled for «Comprobantes T» through web services (WSCT): in ARCA, «Administración de puntos de venta y domicilios» → «A/B/M de puntos de venta» → «Agregar», with the Sistema for Comprobantes T by web services, and use that point of sale as the invoice's series.",
};

/**
 * The `gov-ar.send` step (also run under its old name `gov-ar.invoice`): sends the job's invoice
 * entry to ARCA (FECAESolicitar; a Factura T through WSCT's autorizarComprobante) under the next
 * number of its point of sale, stores the number, CAE, expiry and QR on the entry and signs its
 * envelope. Idempotent: an approved send is applied again, a pending one is reconciled before
 * anything new is sent.
 */
export function createInvoiceStep(options: InvoiceStepOptions = {}): StepHandler {
  return async (ctx) => {
    const started = performance.now();
    const spent = { arcaMs: 0, waitMs: 0 };
    try {
      return await runInvoiceStep(ctx, options, spent);
    } finally {
      options.observe?.({ totalMs: performance.now() - started, ...spent });
    }
  };
}

async function runInvoiceStep(
  ctx: StepContext,
  options: InvoiceStepOptions,
  spent: { arcaMs: number; waitMs: number },
): Promise<StepOutcome> {
  const { db, job } = ctx;
  // Three reads that do not depend on each other, at once: on PostgreSQL one round trip's wait, not three.
  const [refused, entry, stored] = await Promise.all([
    requireGovAr(ctx),
    getEntry(db, job.ownerId, job.siloEntryId),
    getSend(db, job.siloEntryId),
  ]);
  if (refused) return refused;
  if (!entry) return knockOut('invoice_invalid', 'The invoice entry no longer exists.');
  const doc = asObject(entry.data.doc ?? entry.data);
  const supplierCuit = String(asObject(asObject(doc.supplier).tax_id).code ?? '');
  const supplier = supplierCuit
    ? await invoicingSupplier(db, job.ownerId, supplierCuit)
    : undefined;
  if (!supplier)
    return knockOut(
      'supplier_not_registered',
      `The invoice's supplier (CUIT ${supplierCuit || 'missing'}) is not a registered supplier of this workspace: complete its ARCA registration first.`,
    );
  const cuit = supplier.company.cuit;
  const target = { ownerId: job.ownerId, entryId: entry.id, cuit, readData: entry.data };

  // What the stored row means decides first: approved is applied again, review knocks out again,
  // and a number already reserved is reconciled with the voucher stored under it, whatever the
  // entry says now: an entry edited meanwhile, even into one that cannot be sent, must not leave
  // the number pending and its point of sale blocked.
  const meaning = rowMeaning(stored);
  if (meaning.kind === 'settled') {
    const settled = meaning.result;
    if (settled.kind === 'review' && settled.stored && stored)
      return knockOut(
        'arca_review',
        `Sending ${voucherName(settled.voucher)} needs a manual review and will not be sent again: ${describeArcaErrors(stored.errors)}.`,
      );
    return outcomeOf(ctx, target, settled);
  }
  const mapped =
    meaning.kind === 'numbered'
      ? { ok: true as const, voucher: meaning.voucher }
      : voucherOfEntry(doc, supplier.regime, cuit);
  if (!mapped.ok) return mapped.refusal;
  const { voucher } = mapped;

  const opening = performance.now();
  const service = serviceOf(voucher);
  const opened = await openArcaSession(db, supplier, {
    service,
    endpoints: options.endpointsFor?.(supplier.environment),
    timeoutMs: options.timeoutMs,
  });
  if (!opened.ok || opened.fromWsaa) spent.arcaMs += performance.now() - opening;
  if (!opened.ok)
    return ticketFailure(ctx, opened.outcome, { pending: stored?.status === 'pending', service });
  // Timing is measured around the protocol: ARCA's calls and the sequence's turns, wrapped once;
  // the runner slot, given back while waiting for either, is waited for again as a turn is.
  const slot = ctx.slot && timedSlot(ctx.slot, (ms) => (spent.waitMs += ms));
  const timed = timedArca(sendArcaOf(opened.session), (ms) => (spent.arcaMs += ms));
  // batchLimit is asked once per process and kept: no wait worth giving the slot back for.
  const arca = slot
    ? {
        ...aroundArca(timed, (call) => slot.whileWaiting(call, true)),
        ...(timed.batchLimit && { batchLimit: timed.batchLimit }),
      }
    : timed;
  const beforeEffect = options.beforeEffect;

  const result = await sendVoucher(
    db,
    arca,
    {
      entryId: entry.id,
      ownerId: job.ownerId,
      supplierEntryId: supplier.entryId,
      jobId: job.id,
      environment: supplier.environment,
      cuit,
      voucher,
      stored,
      checkPointOfSale:
        supplier.environment === 'live'
          ? async (pointOfSale) => {
              const check = await arca.pointOfSale(pointOfSale);
              if (check.ok) return { ok: true };
              return {
                ok: false,
                refusal:
                  check.reason === 'unavailable'
                    ? {
                        kind: 'retry',
                        reason: `${POINTS_OF_SALE_QUERY[service]} failed (${check.code})`,
                      }
                    : { kind: 'refused', reason: check.reason, pointOfSale },
              };
            }
          : undefined,
    },
    {
      waitForSequenceMs: options.waitForSequenceMs ?? 30_000,
      turns: timedTurns(options.turns ?? LOCAL_TURNS, (ms) => (spent.waitMs += ms)),
      queue: options.queue,
      slot,
      beforeEffect:
        beforeEffect && ((state) => beforeEffect(state, { id: job.id, entryId: entry.id })),
    },
  );
  return outcomeOf(ctx, target, result, service);
}

/** The voucher the entry maps to, or why it cannot be sent. */
function voucherOfEntry(
  doc: Json,
  regime: Regime | null,
  cuit: string,
): { ok: true; voucher: SendVoucher } | { ok: false; refusal: StepOutcome } {
  if (!regime)
    return {
      ok: false,
      refusal: knockOut(
        'supplier_not_registered',
        `The supplier's registration (CUIT ${cuit}) has no tax regime: finish the wizard's company step.`,
      ),
    };
  const mapped = toSendVoucher(doc, { cuit, regime }, Number(doc.series));
  if (!mapped.ok)
    return {
      ok: false,
      refusal: knockOut(
        'invoice_invalid',
        `The invoice cannot be sent: ${mapped.problems.map((p) => `${p.path} (${p.code})`).join(', ')}.`,
      ),
    };
  // ARCA's window for a Factura T's fechaEmision is not documented anywhere we found: WSCT decides.
  if (isCtSend(mapped.value)) return { ok: true, voucher: mapped.value };
  const today = argentinaToday();
  const outside = dateOutsideWindow(mapped.value, today);
  if (outside)
    return {
      ok: false,
      refusal: knockOut(
        'arca_would_reject',
        `The invoice cannot be sent today: its issue date ${String(doc.issue_date)} is ${Math.abs(outside.days)} days ${outside.days < 0 ? 'before' : 'after'} today (${today}), outside ARCA's window of ${outside.window} days for ${mapped.value.Concepto === 1 ? 'goods' : 'services'}. Nothing was sent; correct the issue date and send it again. (ARCA ${WSFE_NOT_NEXT})`,
      ),
    };
  return { ok: true, voucher: mapped.value };
}

async function outcomeOf(
  ctx: StepContext,
  target: Parameters<typeof applyApproval>[1],
  result: SendResult,
  service: VoucherService = 'wsfe',
): Promise<StepOutcome> {
  switch (result.kind) {
    case 'approved':
      await applyApproval(ctx.db, target, result);
      return {
        status: 'OK',
        message: `${voucherName(result.voucher)} approved, CAE ${result.cae}`,
      };
    case 'rejected':
      await applyRejection(ctx.db, target, result);
      return knockOut(
        'arca_rejected',
        `ARCA rejected ${voucherName(result.voucher)}; the number is free again. ${describeArcaErrors([...result.errors, ...result.observations])}`,
      );
    case 'review':
      return knockOut(
        'arca_review',
        `${voucherName(result.voucher)} needs a manual review and will not be sent again: ${result.reason}.`,
      );
    case 'refused':
      return knockOut(
        'point_of_sale_not_usable',
        `Point of sale ${String(result.pointOfSale).padStart(4, '0')} ${POINT_OF_SALE_PROBLEMS[result.reason] ?? 'cannot be used'}: nothing was sent. ${POINT_OF_SALE_HOW[service]}`,
      );
    case 'invalid':
      return knockOut(
        'arca_would_reject',
        `The invoice cannot be sent: ${result.reason}. Nothing was sent; correct the issue date and send it again. (ARCA ${WSFE_NOT_NEXT})`,
      );
    case 'busy':
      return retryLater(ctx, 'another send on this point of sale is still being confirmed');
    case 'retry':
      return retryLater(ctx, result.reason);
  }
}
