import { pick, text } from '../soap/parse-soap';
import { CT_NOT_FOUND } from './parse-ct-voucher';
import { listOf, parseWsctResult, type WsctResult } from './parse-wsct';

/** One point of sale WSCT lists as enabled for CAE (consultarPuntosVenta). */
export interface CtPointOfSale {
  number: number;
  blocked: boolean;
  /** yyyy-mm-dd; null while open. */
  closedOn: string | null;
}

/**
 * consultarPuntosVenta: `arrayPuntosVenta/puntoVenta` with `numeroPuntoVenta`, `bloqueado` (S/N)
 * and `fechaBaja` when closed, as pyafipws reads it (no answer is recorded). "No results" is an
 * empty list: the company has no point of sale enabled for WSCT.
 */
export function parseCtPointsOfSale(xml: string): WsctResult<CtPointOfSale[]> {
  const result = parseWsctResult(xml, 'consultarPuntosVenta', 'consultarPuntosVentaReturn', (r) => {
    const points = listOf(pick(r, 'arrayPuntosVenta'), 'puntoVenta').map((p) => ({
      number: Number(text(pick(p, 'numeroPuntoVenta'))),
      blocked: /^s/i.test(text(pick(p, 'bloqueado'))?.trim() ?? ''),
      closedOn: /^(\d{4}-\d{2}-\d{2})/.exec(text(pick(p, 'fechaBaja')) ?? '')?.[1] ?? null,
    }));
    return points.every((p) => Number.isInteger(p.number)) ? points : undefined;
  });
  if (!result.ok && result.errors.length && result.errors.every((e) => e.code === CT_NOT_FOUND))
    return { ok: true, value: [], events: [] };
  return result;
}
