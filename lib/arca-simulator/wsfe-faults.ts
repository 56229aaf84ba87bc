import type { ArcaEnvironment } from '@/lib/arca';

/**
 * Faults the simulated WSFE and WSCT play once, for reconciliation tests: the next FECAESolicitar
 * (or WSCT's autorizarComprobante) for a (environment, CUIT, point of sale) commits the voucher as
 * usual and then answers HTTP 500, or holds the connection for `holdMs` (past the client's deadline)
 * before answering. In memory: only code in
 * the process that serves the simulator (tests, loaded while ARCA_SIMULATOR=on) can set them.
 */
export type WsfeFault = { kind: 'http_500' } | { kind: 'timeout'; holdMs: number };

const pending = new Map<string, WsfeFault>();
const key = (environment: ArcaEnvironment, cuit: string, pointOfSale: number) =>
  `${environment}|${cuit}|${pointOfSale}`;

export function injectWsfeFault(
  target: { environment: ArcaEnvironment; cuit: string; pointOfSale: number },
  fault: WsfeFault,
): void {
  pending.set(key(target.environment, target.cuit, target.pointOfSale), fault);
}

/** The fault set for this sequence, removed so that it plays once. */
export function takeWsfeFault(
  environment: ArcaEnvironment,
  cuit: string,
  pointOfSale: number,
): WsfeFault | undefined {
  const k = key(environment, cuit, pointOfSale);
  const fault = pending.get(k);
  pending.delete(k);
  return fault;
}
