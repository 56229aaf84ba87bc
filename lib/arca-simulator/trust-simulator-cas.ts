import 'server-only';
import { trustExtraCas, type ExtraCaSource } from '@/lib/arca';
import { getSimulatorCas } from './simulator-cas';

const simulatorCas: ExtraCaSource = async (db) => {
  const cas = await getSimulatorCas(db);
  return { sandbox: [cas.sandbox.certificatePem], live: [cas.live.certificatePem] };
};

/**
 * Makes lib/arca trust each simulated CA for its own environment, until the returned function is
 * called. server.ts calls it only while ARCA_SIMULATOR=on (never in production, where the config refuses it).
 */
export function trustSimulatorCas(): () => void {
  return trustExtraCas(simulatorCas);
}
