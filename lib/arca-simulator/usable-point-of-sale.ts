import type { ArcaEnvironment } from '@/lib/arca';

interface SimPoint {
  number: number;
  emissionType: string;
  blocked: boolean;
  closedOn: string | null;
}

/**
 * Live: only a point of sale registered for web services, open and not blocked (`issuing`: a CAE
 * one; reading the last number also takes CAEA). Homologación accepts any number, except one
 * registered as something it cannot use.
 */
export function usablePointOfSale(
  points: readonly SimPoint[],
  environment: ArcaEnvironment,
  number: number,
  issuing: boolean,
): boolean {
  const registered = points.find((p) => p.number === number);
  if (!registered) return environment === 'sandbox' && number >= 1 && number <= 99_998;
  const kindOk = issuing
    ? registered.emissionType.startsWith('CAE -')
    : registered.emissionType.startsWith('CAE');
  return kindOk && !registered.blocked && !registered.closedOn;
}
