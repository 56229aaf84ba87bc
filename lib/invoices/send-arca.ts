import 'server-only';
import {
  getCtVoucher,
  getLastAuthorized,
  getLastCtAuthorized,
  getVoucher,
  requestCae,
  requestCtCae,
  type CtResult,
  type FeCaeAnswer,
  type WsctMessage,
  type WsfeError,
} from '@/lib/arca';
import { wsfeBatches } from './send-arca-batches';
import type { ArcaSession } from './arca-session';
import { checkPointOfSale, type PointOfSaleCheck } from './point-of-sale-check';
import { isSameCtVoucher, isSameVoucher } from './same-voucher';
import type { CaeAnswer, ConsultAnswer, LastAnswer } from './send-protocol';
import {
  isCtSend,
  numberedCt,
  type NumberedCtSend,
  type NumberedSendVoucher,
} from './send-voucher-kinds';
import type { NumberedFeVoucher } from '@/lib/arca';
import { WSFE_NOT_NEXT, WSFE_POINT_OF_SALE_NOT_ENABLED } from './wsfe-codes';

/**
 * The ARCA calls a send makes, on one supplier's session, answered as the protocol reads them. One
 * adapter per web service (the session's): WSFE for every voucher but Factura T, WSCT for those.
 */
export interface SendArca {
  /** FECompUltimoAutorizado; WSCT: consultarUltimoComprobanteAutorizado. */
  lastAuthorized(pointOfSale: number, voucherType: number): Promise<LastAnswer>;
  /** FECAESolicitar; WSCT: autorizarComprobante. Sent once. */
  requestCae(voucher: NumberedSendVoucher): Promise<CaeAnswer>;
  /** What ARCA holds under the voucher's number, compared with it: FECompConsultar; WSCT: consultarComprobanteTipoPVentaNro. */
  consult(voucher: NumberedSendVoucher): Promise<ConsultAnswer>;
  /** Live: FEParamGetPtosVenta; WSCT: consultarPuntosVenta (a usable answer kept for minutes). */
  pointOfSale(pointOfSale: number): Promise<PointOfSaleCheck>;
  /**
   * Batches (a service that has none leaves both out, and sends one at a time): how many vouchers
   * one request may carry (1: none), and the request for several, numbered consecutively.
   */
  batchLimit?(): Promise<number>;
  requestCaes?(vouchers: readonly NumberedFeVoucher[]): Promise<FeCaeAnswer>;
}

// WSCT's: 1106 no point of sale enabled for this service (quoted in part by pyafipws); 9002 the
// simulator's own "not the next number or date" (ARCA's own code for it is not recorded anywhere
// we found: a real one is read as an ordinary rejection, the number released).
const CT_NOT_ENABLED = '1106';
const CT_NOT_NEXT = '9002';

export function sendArcaOf(session: ArcaSession): SendArca {
  return session.service === 'wsct' ? wsctArca(session) : wsfeArca(session);
}

const wrongService = (service: string): never => {
  throw new Error(`a voucher of another web service sent through ${service}`);
};
const feOnly = (voucher: NumberedSendVoucher): NumberedFeVoucher =>
  isCtSend(voucher) ? wrongService('WSFE') : voucher;
const ctOnly = (voucher: NumberedSendVoucher): NumberedCtSend =>
  isCtSend(voucher) ? voucher : wrongService('WSCT');

function wsfeArca(session: ArcaSession): SendArca {
  const { options, auth } = session;
  return {
    async lastAuthorized(pointOfSale, voucherType) {
      const last = await getLastAuthorized(options, auth, pointOfSale, voucherType);
      if (last.ok) return { ok: true, number: last.value.number };
      return {
        ok: false,
        code: last.outcome.code,
        notEnabled: last.errors.some((e) => e.code === WSFE_POINT_OF_SALE_NOT_ENABLED),
      };
    },
    async requestCae(voucher) {
      const answer = await requestCae(options, auth, feOnly(voucher));
      return answer.status === 'rejected'
        ? { ...answer, notNext: answer.errors.some((e) => e.code === WSFE_NOT_NEXT) }
        : answer;
    },
    async consult(voucher) {
      const sent = feOnly(voucher);
      const held = await getVoucher(options, auth, sent.PtoVta, sent.CbteTipo, sent.CbteNro);
      if (!held.ok) return { ok: false, code: held.outcome.code };
      const h = held.value;
      return {
        ok: true,
        held: h && {
          approved: h.Resultado === 'A',
          same: isSameVoucher(h, sent),
          cae: h.CodAutorizacion,
          caeExpiry: h.FchVto,
          date: h.CbteFch,
          observations: h.Observaciones,
        },
      };
    },
    pointOfSale: (pointOfSale) => checkPointOfSale(session, pointOfSale),
    ...wsfeBatches(session),
  };
}

// WSCT writes dates as xsd:date; the protocol and the stamps compare and keep yyyymmdd, as WSFE's.
const compactDay = (isoDay: string) => isoDay.replace(/-/g, '');
// WSCT's codes are text (a schema error's is "cvc-…"): a numeric one is kept as the number, any
// other goes into the message, so the stored errors stay `{ code: number }` as WSFE's.
const asWsfeError = (m: WsctMessage): WsfeError =>
  /^\d+$/.test(m.code)
    ? { code: Number(m.code), message: m.message }
    : { code: 0, message: `${m.code}: ${m.message}` };
const asWsfeErrors = (messages: WsctMessage[]) => messages.map(asWsfeError);

/** autorizarComprobante's answer read as FECAESolicitar's. */
function ctAnswer(answer: CtResult): CaeAnswer {
  switch (answer.status) {
    case 'approved':
      return {
        status: 'approved',
        pointOfSale: answer.pointOfSale,
        voucherType: answer.voucherType,
        number: answer.number,
        numberTo: answer.number,
        cuit: answer.cuit,
        date: answer.date && compactDay(answer.date),
        cae: answer.cae,
        caeExpiry: compactDay(answer.caeExpiry),
        // WSCT answers no processing time.
        processedAt: '',
        observations: asWsfeErrors(answer.observations),
        events: asWsfeErrors(answer.events),
      };
    case 'rejected':
      return {
        status: 'rejected',
        errors: asWsfeErrors(answer.errors),
        observations: asWsfeErrors(answer.observations),
        events: asWsfeErrors(answer.events),
        ...(answer.fault ? { fault: answer.fault } : {}),
        notNext: answer.errors.some((e) => e.code === CT_NOT_NEXT),
      };
    default:
      return answer;
  }
}

function wsctArca(session: ArcaSession): SendArca {
  const { options, auth } = session;
  return {
    async lastAuthorized(pointOfSale, voucherType) {
      const last = await getLastCtAuthorized(options, auth, pointOfSale, voucherType);
      if (last.ok) return { ok: true, number: last.value };
      return {
        ok: false,
        code: last.outcome.code,
        notEnabled: last.errors.some((e) => e.code === CT_NOT_ENABLED),
      };
    },
    requestCae: async (voucher) =>
      ctAnswer(await requestCtCae(options, auth, numberedCt(ctOnly(voucher)))),
    async consult(voucher) {
      const sent = ctOnly(voucher);
      const held = await getCtVoucher(options, auth, sent.PtoVta, sent.CbteTipo, sent.CbteNro);
      if (!held.ok) return { ok: false, code: held.outcome.code };
      const h = held.value;
      return {
        ok: true,
        held: h && {
          // WSCT keeps only authorised vouchers, each with its CAE.
          approved: /^\d{14}$/.test(h.codigoAutorizacion),
          same: isSameCtVoucher(h, numberedCt(sent)),
          cae: h.codigoAutorizacion,
          caeExpiry: compactDay(h.fechaVencimiento),
          date: compactDay(h.fechaEmision),
          observations: [],
        },
      };
    },
    pointOfSale: (pointOfSale) => checkPointOfSale(session, pointOfSale),
  };
}

/** The same calls, each adding the time it waited for ARCA to `spent` (the step's timing). */
export function timedArca(arca: SendArca, spent: (ms: number) => void): SendArca {
  return aroundArca(arca, async (call) => {
    const started = performance.now();
    try {
      return await call();
    } finally {
      spent(performance.now() - started);
    }
  });
}

/** The same calls, each made through `around` (a timer, the runner slot given back meanwhile). */
export function aroundArca(
  arca: SendArca,
  around: <T>(call: () => Promise<T>) => Promise<T>,
): SendArca {
  return {
    lastAuthorized: (pointOfSale, voucherType) =>
      around(() => arca.lastAuthorized(pointOfSale, voucherType)),
    requestCae: (voucher) => around(() => arca.requestCae(voucher)),
    consult: (voucher) => around(() => arca.consult(voucher)),
    pointOfSale: (pointOfSale) => around(() => arca.pointOfSale(pointOfSale)),
    ...(arca.batchLimit &&
      arca.requestCaes && {
        batchLimit: () => around(() => arca.batchLimit!()),
        requestCaes: (vouchers) => around(() => arca.requestCaes!(vouchers)),
      }),
  };
}
