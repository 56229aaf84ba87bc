import 'server-only';
import { getPointsOfSale, type ArcaOutcome, type PointOfSale } from '@/lib/arca';
import type { Db } from '@/lib/db';
import type { ArcaEndpoints } from './access-ticket';
import { openWsfeSession, type OpenWsfeSession } from './wsfe-session';
import type { Supplier } from './supplier';

/** Why a point of sale cannot invoice through the web service; `not_cae`: EmisionTipo is not CAE (RECE, Factura en Línea, empty, unknown). */
export type PointOfSaleProblem = 'not_cae' | 'caea' | 'blocked' | 'closed';

export interface PointOfSaleView {
  number: number;
  /** As ARCA writes it; empty when ARCA leaves it out. */
  emissionType: string;
  usable: boolean;
  problem?: PointOfSaleProblem;
  /** yyyy-mm-dd when ARCA gives the date it was closed. */
  closedOn?: string;
}

export type PointsOfSaleResult =
  { ok: true; list: PointOfSaleView[] } | { ok: false; outcome: ArcaOutcome };

/** The view of a point of sale: usable as WSFE's answer was read (readPointOfSale), with the reason when not. */
export function describePointOfSale(pos: PointOfSale): PointOfSaleView {
  const problem = problemOf(pos);
  const closedOn =
    pos.closedOn && /^\d{4}-\d{2}-\d{2}$/.test(pos.closedOn) ? pos.closedOn : undefined;
  return {
    number: pos.number,
    emissionType: pos.emissionType,
    usable: pos.usable,
    ...(problem ? { problem } : {}),
    ...(closedOn ? { closedOn } : {}),
  };
}

function problemOf(pos: PointOfSale): PointOfSaleProblem | undefined {
  if (pos.usable) return undefined;
  if (pos.kind === 'CAEA') return 'caea';
  if (pos.kind !== 'CAE') return 'not_cae';
  return pos.blocked ? 'blocked' : 'closed';
}

/** The supplier's points of sale as ARCA's WSFE reports them (FEParamGetPtosVenta), each marked usable or why not. */
export async function listPointsOfSale(
  db: Db,
  supplier: Pick<Supplier, 'entryId' | 'environment' | 'company'>,
  endpoints?: ArcaEndpoints,
): Promise<PointsOfSaleResult> {
  const session = await openWsfeSession(db, supplier, endpoints);
  return session.ok ? readPointsOfSale(session) : session;
}

/** FEParamGetPtosVenta in an open session, sorted by number. */
export async function readPointsOfSale(
  session: Pick<OpenWsfeSession, 'options' | 'auth'>,
): Promise<PointsOfSaleResult> {
  const result = await getPointsOfSale(session.options, session.auth);
  if (!result.ok) return { ok: false, outcome: result.outcome };
  return {
    ok: true,
    list: result.value.map(describePointOfSale).sort((a, b) => a.number - b.number),
  };
}
