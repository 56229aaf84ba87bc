import 'server-only';
import { getCtPointsOfSale, getPointsOfSale } from '@/lib/arca';
import { describePointOfSale, type PointOfSaleView } from '@/lib/registration';
import type { ArcaSession } from './arca-session';

export type PointOfSaleCheck =
  | { ok: true }
  | { ok: false; reason: 'not_listed' | NonNullable<PointOfSaleView['problem']> }
  | { ok: false; reason: 'unavailable'; code: string };

// A usable point of sale stays usable for minutes at least; asking ARCA before every invoice would
// double the round trips of a busy point of sale. A refusal is never remembered: once the supplier
// registers the point of sale, the next try sees it.
const USABLE_FOR_MS = 5 * 60_000;
const usableUntil = new Map<string, number>();

/**
 * Live only: the point of sale must be listed as usable by the session's web service: WSFE's
 * FEParamGetPtosVenta (CAE, not blocked, not closed), or for a Factura T WSCT's consultarPuntosVenta
 * (which lists only its CAE points of sale: not blocked, not closed).
 */
export async function checkPointOfSale(
  session: ArcaSession,
  pointOfSale: number,
  now = Date.now(),
): Promise<PointOfSaleCheck> {
  const key = `${session.options.url}|${session.auth.cuit}|${pointOfSale}`;
  if ((usableUntil.get(key) ?? 0) > now) return { ok: true };
  const checked =
    session.service === 'wsct'
      ? await checkCtPointOfSale(session, pointOfSale)
      : await checkFePointOfSale(session, pointOfSale);
  if (checked.ok) usableUntil.set(key, now + USABLE_FOR_MS);
  return checked;
}

async function checkFePointOfSale(
  session: ArcaSession,
  pointOfSale: number,
): Promise<PointOfSaleCheck> {
  const listed = await getPointsOfSale(session.options, session.auth);
  if (!listed.ok) return { ok: false, reason: 'unavailable', code: listed.outcome.code };
  const found = listed.value.find((p) => p.number === pointOfSale);
  if (!found) return { ok: false, reason: 'not_listed' };
  const view = describePointOfSale(found);
  if (!view.usable) return { ok: false, reason: view.problem ?? 'not_cae' };
  return { ok: true };
}

async function checkCtPointOfSale(
  session: ArcaSession,
  pointOfSale: number,
): Promise<PointOfSaleCheck> {
  const listed = await getCtPointsOfSale(session.options, session.auth);
  if (!listed.ok) return { ok: false, reason: 'unavailable', code: listed.outcome.code };
  const found = listed.value.find((p) => p.number === pointOfSale);
  if (!found) return { ok: false, reason: 'not_listed' };
  if (found.blocked) return { ok: false, reason: 'blocked' };
  if (found.closedOn) return { ok: false, reason: 'closed' };
  return { ok: true };
}
