import 'server-only';
import {
  getLastAuthorized,
  getVoucher,
  requestCae,
  type CaeAnswer,
  type CaeResult,
  type NumberedFeVoucher,
} from '@/lib/arca';
import { wsfeBatches } from './send-arca-batches';
import type { ArcaSession } from './arca-session';
import { checkPointOfSale, type PointOfSaleCheck } from './point-of-sale-check';
import type { ConsultAnswer, LastAnswer } from './send-protocol';
import { POINT_OF_SALE_NOT_ENABLED } from './send-protocol';

/** The ARCA calls a send makes, on one supplier's session, answered as the protocol reads them. */
export interface SendArca {
  /** FECompUltimoAutorizado. */
  lastAuthorized(pointOfSale: number, voucherType: number): Promise<LastAnswer>;
  /** FECAESolicitar, sent once. */
  requestCae(voucher: NumberedFeVoucher): Promise<CaeResult>;
  /** FECompConsultar. */
  consult(pointOfSale: number, voucherType: number, number: number): Promise<ConsultAnswer>;
  /** Live: FEParamGetPtosVenta (a usable answer kept for minutes). */
  pointOfSale(pointOfSale: number): Promise<PointOfSaleCheck>;
  /**
   * Batches (a service that has none leaves both out, and sends one at a time): how many vouchers
   * one request may carry (1: none), and the request for several, numbered consecutively.
   */
  batchLimit?(): Promise<number>;
  requestCaes?(vouchers: readonly NumberedFeVoucher[]): Promise<CaeAnswer>;
}

export function sendArcaOf(session: ArcaSession): SendArca {
  const { options, auth } = session;
  return {
    async lastAuthorized(pointOfSale, voucherType) {
      const last = await getLastAuthorized(options, auth, pointOfSale, voucherType);
      if (last.ok) return { ok: true, number: last.value.number };
      return {
        ok: false,
        code: last.outcome.code,
        notEnabled: last.errors.some((e) => e.code === POINT_OF_SALE_NOT_ENABLED),
      };
    },
    requestCae: (voucher) => requestCae(options, auth, voucher),
    async consult(pointOfSale, voucherType, number) {
      const held = await getVoucher(options, auth, pointOfSale, voucherType, number);
      return held.ok ? { ok: true, held: held.value } : { ok: false, code: held.outcome.code };
    },
    pointOfSale: (pointOfSale) => checkPointOfSale(session, pointOfSale),
    ...wsfeBatches(session),
  };
}

/** The same calls, each adding the time it waited for ARCA to `spent` (the step's timing). */
export function timedArca(arca: SendArca, spent: (ms: number) => void): SendArca {
  const time = async <T>(call: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await call();
    } finally {
      spent(performance.now() - started);
    }
  };
  return {
    lastAuthorized: (pointOfSale, voucherType) =>
      time(() => arca.lastAuthorized(pointOfSale, voucherType)),
    requestCae: (voucher) => time(() => arca.requestCae(voucher)),
    consult: (pointOfSale, voucherType, number) =>
      time(() => arca.consult(pointOfSale, voucherType, number)),
    pointOfSale: (pointOfSale) => time(() => arca.pointOfSale(pointOfSale)),
    ...(arca.batchLimit &&
      arca.requestCaes && {
        batchLimit: () => time(() => arca.batchLimit!()),
        requestCaes: (vouchers) => time(() => arca.requestCaes!(vouchers)),
      }),
  };
}
