import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ArcaEnvironment } from './types';

/** CA certificates each environment's end-entity certificates may chain to (issuing CAs and roots). */
export type TrustStore = Record<ArcaEnvironment, X509Certificate[]>;

const CA_FILES: Record<ArcaEnvironment, string[]> = {
  sandbox: [
    'homologacion-issuing-computadores-test-2022-2030.pem',
    'homologacion-root-ac-raiz-test-2014-2034.pem',
  ],
  live: [
    'produccion-issuing-computadores-2024-2035.pem',
    'produccion-root-afip-root-ca-2-2015-2035.pem',
  ],
};

let shipped: TrustStore | undefined;

/** ARCA's real chains, shipped in lib/arca/ca (Computadores Test → AC Raiz Test; Computadores → AFIP Root CA 2). */
export function arcaTrustStore(): TrustStore {
  shipped ??= {
    sandbox: CA_FILES.sandbox.map(load),
    live: CA_FILES.live.map(load),
  };
  return { sandbox: [...shipped.sandbox], live: [...shipped.live] };
}

/** Adds CAs (the ones registered with trustExtraCas) to a copy of a store. */
export function extendTrustStore(
  store: TrustStore,
  extra: Partial<Record<ArcaEnvironment, (X509Certificate | string)[]>>,
): TrustStore {
  const toCert = (c: X509Certificate | string) =>
    typeof c === 'string' ? new X509Certificate(c) : c;
  return {
    sandbox: [...store.sandbox, ...(extra.sandbox ?? []).map(toCert)],
    live: [...store.live, ...(extra.live ?? []).map(toCert)],
  };
}

function load(file: string): X509Certificate {
  return new X509Certificate(readFileSync(path.join(process.cwd(), 'lib/arca/ca', file)));
}
