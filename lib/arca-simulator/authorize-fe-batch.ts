import 'server-only';
import type { Db } from '@/lib/db';
import type { ArcaEnvironment } from '@/lib/arca';
import { checkFeVoucher, WSFE_MESSAGES, type WsfeMessage } from './check-fe-voucher';
import { issueSimVoucher } from './issue-sim-voucher';
import type { SimVoucher } from './read-fe-request';
import { caeBatchResult, type BatchDetailAnswer } from './wsfe-invoicing-responses';

/** FECompTotXRequest's RegXReq, as ARCA answers it. */
export const VOUCHERS_PER_REQUEST = 250;
// «Para comprobantes del tipo MiPyMEs (FCE), la cantidad habilitada es 1 comprobante por request».
const FCE_TYPES = new Set([201, 202, 203, 206, 207, 208, 211, 212, 213]);
const message = (code: keyof typeof WSFE_MESSAGES): WsfeMessage => ({
  code: Number(code),
  message: WSFE_MESSAGES[code],
});

/**
 * FECAESolicitar with CantReg > 1, as WSFEv1's manual describes it («Operatoria ante errores»): the
 * details are processed in order, each numbered as one voucher; the first one rejected stops the
 * batch and those after it come back R without observations (not processed), since numbers and dates
 * must be consecutive. A first detail that is not the next number rejects the whole request with
 * Errors 10016, as the recorded batch of 250 shows; a later one gets Obs 10016 (the manual's example).
 */
export async function authorizeFeBatch(
  db: Db,
  input: {
    environment: ArcaEnvironment;
    cuit: string;
    /** The point of sale cannot issue (11002): the whole request is refused. */
    refusal: WsfeMessage | undefined;
    count: number;
    vouchers: SimVoucher[];
    day: string;
    processedAt: string;
    now: Date;
    /** Observations of an approval (10217 on class A, as the single path adds them). */
    notesFor: (voucher: SimVoucher) => WsfeMessage[];
  },
): Promise<string> {
  const { vouchers } = input;
  const first = vouchers[0]!;
  const answer = (details: BatchDetailAnswer[], errors: WsfeMessage[] = []) =>
    caeBatchResult({
      cuit: input.cuit,
      pointOfSale: first.PtoVta,
      voucherType: first.CbteTipo,
      processedAt: input.processedAt,
      details,
      errors,
    });
  const rejectAll = (error: WsfeMessage) =>
    answer(
      vouchers.map((voucher) => ({ voucher, observations: [] })),
      [error],
    );
  if (input.refusal) return rejectAll(input.refusal);
  if (input.count !== vouchers.length) return rejectAll(message(10002));
  if (vouchers.length > VOUCHERS_PER_REQUEST || FCE_TYPES.has(Number(first.CbteTipo)))
    return rejectAll(message(10003));
  const details: BatchDetailAnswer[] = [];
  let stopped = false;
  for (const [index, voucher] of vouchers.entries()) {
    if (stopped) {
      details.push({ voucher, observations: [] });
      continue;
    }
    const observations = checkFeVoucher(voucher, input.day);
    const notes = observations.length ? [] : input.notesFor(voucher);
    const issued =
      observations.length || voucher.CbteHasta !== voucher.CbteDesde
        ? undefined
        : await issueSimVoucher(db, {
            environment: input.environment,
            cuit: input.cuit,
            sequence: {
              pointOfSale: Number(voucher.PtoVta),
              type: Number(voucher.CbteTipo),
              number: Number(voucher.CbteDesde),
            },
            request: voucher,
            voucherDate: voucher.CbteFch ?? input.day,
            observations: notes,
            now: input.now,
          });
    if (issued) {
      details.push({ voucher, approved: issued, observations: notes });
      continue;
    }
    if (!observations.length && index === 0) return rejectAll(message(10016));
    details.push({ voucher, observations: observations.length ? observations : [message(10016)] });
    stopped = true;
  }
  return answer(details);
}
