import 'server-only';
import { getAccessTicket } from '@/lib/arca';
import { getEnv } from '@/lib/config';
import { getMasterKeyring, openSecret } from '@/lib/crypto';
import type { Db } from '@/lib/db';
import type { Supplier } from './supplier';

/** ARCA endpoints to use instead of the configured ones (tests point them at their own simulator). */
export interface ArcaEndpoints {
  wsaa: string;
  wsfe: string;
  /** CTService, for Factura T. */
  wsct: string;
}

export function arcaEndpoints(
  environment: Supplier['environment'],
  endpoints?: ArcaEndpoints,
): ArcaEndpoints {
  return endpoints ?? getEnv().arca[environment];
}

/** The supplier's private key, sealed for its entry. */
export function openPrivateKey(supplier: Pick<Supplier, 'entryId'>, keySealed: string): string {
  return openSecret(keySealed, getMasterKeyring(), supplier.entryId).toString('utf8');
}

/** A WSAA ticket for the service (wsfe unless said) with the supplier's certificate and key. */
export function accessTicketFor(
  db: Db,
  supplier: Pick<Supplier, 'environment'>,
  credentials: { certificatePem: string; privateKeyPem: string },
  endpoints?: ArcaEndpoints,
  service: 'wsfe' | 'wsct' = 'wsfe',
) {
  return getAccessTicket({
    db,
    environment: supplier.environment,
    url: arcaEndpoints(supplier.environment, endpoints).wsaa,
    ...credentials,
    service,
  });
}
