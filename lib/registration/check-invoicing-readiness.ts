import 'server-only';
import { getLastAuthorized, type ArcaOutcome, type WsfeAuth, type WsfeOptions } from '@/lib/arca';
import type { Db } from '@/lib/db';
import type { ArcaEndpoints } from './access-ticket';
import { readPointsOfSale, type PointOfSaleView } from './list-points-of-sale';
import type { Regime } from './steps';
import type { Supplier } from './supplier';
import { openWsfeSession } from './wsfe-session';

/**
 * The invoice voucher types (FEParamGetTiposCbte) a regime issues: Factura C for monotributistas and
 * exentos, A and B for responsables inscriptos (the table of lib/invoice-model's chooseVoucherType,
 * which imports this domain and so cannot be imported here). Unknown regime: all three.
 */
export type InvoiceVoucherType = 1 | 6 | 11;

export const isInvoiceVoucherType = (type: number | null): type is InvoiceVoucherType =>
  type === 1 || type === 6 || type === 11;

export function invoiceVoucherTypes(regime: Regime | null): InvoiceVoucherType[] {
  if (regime === 'responsable_inscripto') return [1, 6];
  if (regime === 'monotributista' || regime === 'exento') return [11];
  return [1, 6, 11];
}

export interface LastVoucher {
  voucherType: InvoiceVoucherType;
  /** FECompUltimoAutorizado's CbteNro: 0 before the first voucher of that type. */
  number: number;
}

export interface PointOfSaleReadiness extends PointOfSaleView {
  /** Usable, and ARCA answered the last voucher of every type the regime issues. */
  ready: boolean;
  lastVouchers: LastVoucher[];
  /** Why FECompUltimoAutorizado failed for a usable point of sale. */
  outcome?: ArcaOutcome;
}

export type InvoicingReadiness =
  | { ok: true; voucherTypes: InvoiceVoucherType[]; points: PointOfSaleReadiness[] }
  | { ok: false; outcome: ArcaOutcome };

// A supplier may have dozens of points of sale: a few questions at a time, not all at once.
const PARALLEL_POINTS = 4;

/**
 * Can the supplier invoice now? For every point of sale ARCA lists (FEParamGetPtosVenta), the
 * usable ones are asked for their last voucher (FECompUltimoAutorizado) of each type the regime
 * issues; the others keep the reason they cannot be used. Only reads: never issues anything.
 */
export async function checkInvoicingReadiness(
  db: Db,
  supplier: Pick<Supplier, 'entryId' | 'environment' | 'company'> & { regime: Regime | null },
  endpoints?: ArcaEndpoints,
): Promise<InvoicingReadiness> {
  const session = await openWsfeSession(db, supplier, endpoints);
  if (!session.ok) return session;
  const listed = await readPointsOfSale(session);
  if (!listed.ok) return listed;
  const voucherTypes = invoiceVoucherTypes(supplier.regime);
  if (!listed.list.some((pos) => pos.usable))
    return {
      ok: true,
      voucherTypes,
      points: listed.list.map((pos) => ({ ...pos, ready: false, lastVouchers: [] })),
    };
  const points: PointOfSaleReadiness[] = [];
  for (let start = 0; start < listed.list.length; start += PARALLEL_POINTS) {
    const batch = listed.list.slice(start, start + PARALLEL_POINTS);
    points.push(
      ...(await Promise.all(
        batch.map((pos) => readinessOf(pos, voucherTypes, session.options, session.auth)),
      )),
    );
  }
  return { ok: true, voucherTypes, points };
}

async function readinessOf(
  pos: PointOfSaleView,
  voucherTypes: InvoiceVoucherType[],
  options: WsfeOptions,
  auth: WsfeAuth,
): Promise<PointOfSaleReadiness> {
  if (!pos.usable) return { ...pos, ready: false, lastVouchers: [] };
  const lastVouchers: LastVoucher[] = [];
  for (const voucherType of voucherTypes) {
    const last = await getLastAuthorized(options, auth, pos.number, voucherType);
    if (!last.ok) return { ...pos, ready: false, lastVouchers, outcome: last.outcome };
    lastVouchers.push({ voucherType, number: last.value.number });
  }
  return { ...pos, ready: true, lastVouchers };
}
