import 'server-only';
import type { Db } from '@/lib/db';
import { arcaTrustStore, extendTrustStore, type TrustStore } from './trust-store';
import type { ArcaEnvironment } from './types';

/** CAs trusted besides ARCA's, per environment, read from a database (the simulator keeps its CAs in one). */
export type ExtraCaSource = (db: Db) => Promise<Partial<Record<ArcaEnvironment, string[]>>>;

// On globalThis because Next's bundle (server actions) and server.ts each load their own copy of this
// module, and the sources are registered by server.ts at startup.
const holder = globalThis as unknown as { __arcaExtraCaSources?: Set<{ source: ExtraCaSource }> };
const registrations = (holder.__arcaExtraCaSources ??= new Set());

/**
 * Trusts a source's CAs from now on; returns a function that stops trusting them. Only server.ts (and
 * the CLI) register one, the simulated ARCA's, and only while ARCA_SIMULATOR=on, which the config
 * refuses in production.
 */
export function trustExtraCas(source: ExtraCaSource): () => void {
  const registration = { source };
  registrations.add(registration);
  return () => void registrations.delete(registration);
}

/** The CAs certificates are checked against: ARCA's real chains, plus every registered source's (read from `db`). */
export async function getTrustStore(options: { db?: Db } = {}): Promise<TrustStore> {
  let store = arcaTrustStore();
  if (options.db)
    for (const { source } of registrations)
      store = extendTrustStore(store, await source(options.db));
  return store;
}
