import 'server-only';
import { getEnv } from '@/lib/config';
import type { Db } from '@/lib/db';
import { getSimulatorCas } from './simulator/simulator-cas';
import { arcaTrustStore, extendTrustStore, type TrustStore } from './trust-store';

/**
 * The CAs certificates are checked against: ARCA's real chains, plus each simulated CA for its own
 * environment only while ARCA_SIMULATOR=on (never in production, where the config refuses it).
 */
export async function getTrustStore(options: { db?: Db; simulator?: boolean } = {}): Promise<TrustStore> {
  const simulator = options.simulator ?? getEnv().arcaSimulator;
  if (!simulator || !options.db) return arcaTrustStore();
  const cas = await getSimulatorCas(options.db);
  return extendTrustStore(arcaTrustStore(), { sandbox: [cas.sandbox.certificatePem], live: [cas.live.certificatePem] });
}
