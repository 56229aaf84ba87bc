import 'server-only';
import { schema, type Db } from '@/lib/db';
import type { ArcaEnvironment } from '@/lib/arca';
import { createCa, type CaMaterial } from './create-ca';

const NAMES: Record<ArcaEnvironment, string> = {
  sandbox: 'Computadores Test',
  live: 'Computadores',
};
// The simulator's CAs say who they are in O, so nobody mistakes one for ARCA's.
export const SIMULATOR_ORGANIZATION = 'ARCA simulador';

/** The simulator's CA per environment, created on first use and kept in the database (all instances share it). */
export async function getSimulatorCas(db: Db): Promise<Record<ArcaEnvironment, CaMaterial>> {
  let rows = await db.select().from(schema.arcaSimCas);
  for (const environment of ['sandbox', 'live'] as const) {
    if (rows.some((r) => r.environment === environment)) continue;
    const ca = await createCa({
      commonName: NAMES[environment],
      organization: SIMULATOR_ORGANIZATION,
      notBefore: new Date(Date.UTC(2024, 0, 1)),
      notAfter: new Date(Date.UTC(2044, 0, 1)),
    });
    // Two instances may race here: the first insert wins and both read it back.
    await db
      .insert(schema.arcaSimCas)
      .values({ environment, certificatePem: ca.certificatePem, privateKeyPem: ca.privateKeyPem })
      .onConflictDoNothing();
    rows = await db.select().from(schema.arcaSimCas);
  }
  const pick = (env: ArcaEnvironment) => {
    const row = rows.find((r) => r.environment === env)!;
    return { certificatePem: row.certificatePem, privateKeyPem: row.privateKeyPem };
  };
  return { sandbox: pick('sandbox'), live: pick('live') };
}
