import {
  addPointOfSale,
  authorizeService,
  getSimulatorCas,
  issueCertificate,
  type AddPointOfSaleResult,
  type AuthorizeResult,
  type IssueCertificateInput,
  type IssueCertificateResult,
  type PointOfSaleInput,
} from '@/lib/arca-simulator';
import { schema, type Db } from '@/lib/db';
import {
  completeRegistration,
  createRegistrationLink,
  getRegistrationByRef,
  prepareCsr,
  updateProgress,
  validateCertificate,
  type Regime,
} from '@/lib/registration';
import { createEntry } from '@/lib/silo';
import { getWorkspace } from '@/lib/workspaces';
import type { RunningSimulator } from '../../fixtures/arca/simulator-server';
import { newCuit } from '../../support/new-cuit';

export interface RegisteredSupplierFixture {
  workspaceId: string;
  /** The supplier's entry (folder `suppliers`), which holds its registration. */
  entryId: string;
  cuit: string;
  name: string;
  environment: 'sandbox' | 'live';
  regime: Regime | null;
  alias: string;
  /** The registration link's ref (what the wizard's address carries). */
  ref: string;
  /** `issued` only: the certificate ARCA issued for the pending CSR, not uploaded yet. */
  certificatePem?: string;
}

interface RegisterSupplierOptions {
  /** As the wizard's first step collects it; null leaves it out (a registration completed without it). */
  regime?: Regime | null;
  cuit?: string;
  name?: string;
  /**
   * How far the supplier goes: `complete` (default) is a finished registration; `validated` stops
   * with a validated certificate before "Terminar registro"; `issued` stops with the certificate
   * ARCA issued for the pending CSR, before its upload; `started` stops at the link.
   */
  until?: 'started' | 'issued' | 'validated' | 'complete';
  /** Points of sale the supplier registers in the simulated ARCA's portal (what live checks). */
  pointsOfSale?: number[];
  /** The simulated ARCA's portal when its database is not the app's (`simulatorPortal(simDb)`, or another process's). */
  portal?: SimulatorPortal;
  /** The web services the certificate is authorised for (default wsfe alone; wsct issues Factura T). */
  services?: ('wsfe' | 'wsct')[];
}

/** What the supplier does in the simulated ARCA's portal, and its CAs (public, as ARCA's are). */
export interface SimulatorPortal {
  cas(): Promise<(typeof schema.arcaSimCas.$inferSelect)[]>;
  issueCertificate(input: IssueCertificateInput): Promise<IssueCertificateResult>;
  authorizeService(input: {
    environment: 'sandbox' | 'live';
    cuit: string;
    alias: string;
    service?: string;
  }): Promise<AuthorizeResult>;
  addPointOfSale(input: PointOfSaleInput): Promise<AddPointOfSaleResult>;
}

/** The portal of a simulator running on `simDb`. */
export function simulatorPortal(simDb: Db): SimulatorPortal {
  return {
    cas: async () => {
      await getSimulatorCas(simDb);
      return simDb.select().from(schema.arcaSimCas);
    },
    issueCertificate: (input) => issueCertificate(simDb, input),
    authorizeService: (input) => authorizeService(simDb, input),
    addPointOfSale: (input) => addPointOfSale(simDb, input),
  };
}

let aliasCount = 0;

/**
 * A supplier of the workspace registered the way the wizard does it, against the simulated ARCA:
 * its party entry and registration link, its IVA regime, a generated key and CSR, the certificate
 * the simulator issues for it with wsfe authorised, validated (a real WSAA login), and completed.
 * The workspace's environment decides which simulated ARCA (sandbox or live).
 */
export async function registerSupplier(
  db: Db,
  sim: Pick<RunningSimulator, 'urls'>,
  workspaceId: string,
  options: RegisterSupplierOptions = {},
): Promise<RegisteredSupplierFixture> {
  const workspace = await getWorkspace(db, workspaceId);
  if (!workspace) throw new Error(`no workspace ${workspaceId}`);
  const { environment } = workspace;
  const cuit = options.cuit ?? newCuit();
  const name = options.name ?? 'Librería Ñandú SRL';
  const regime = options.regime === undefined ? 'responsable_inscripto' : options.regime;
  const alias = `factura${++aliasCount}${Math.random().toString(36).slice(2, 6)}`;
  const { entry } = await createEntry(db, workspaceId, {
    body: { folder: 'suppliers', data: { name, tax_id: { country: 'AR', code: cuit } } },
  });
  const link = await createRegistrationLink(db, workspaceId, entry.id);
  const fixture = {
    workspaceId,
    entryId: entry.id,
    cuit,
    name,
    environment,
    regime,
    alias,
    ref: link.ref!,
  };
  if (regime) await updateProgress(db, entry.id, 'certificate', { regime });
  const portal = options.portal ?? simulatorPortal(db);
  // The app trusts the simulator's CAs from its own database (trustSimulatorCas): the same CAs, as ARCA's are public.
  if (options.portal)
    await db
      .insert(schema.arcaSimCas)
      .values(await portal.cas())
      .onConflictDoNothing();
  for (const number of options.pointsOfSale ?? [])
    await portal.addPointOfSale({ environment, cuit, number });
  if (options.until === 'started') return fixture;

  const registration = async () => (await getRegistrationByRef(db, link.ref!))!;
  const { csrPem } = await prepareCsr(db, await registration(), alias);
  const issued = await portal.issueCertificate({ environment, csrPem });
  if (!issued.ok) throw new Error(`the simulator refused the CSR: ${issued.error}`);
  for (const service of options.services ?? ['wsfe'])
    await portal.authorizeService({ environment, cuit, alias, service });
  if (options.until === 'issued') return { ...fixture, certificatePem: issued.certificatePem };
  const validated = await validateCertificate(
    db,
    await registration(),
    issued.certificatePem,
    sim.urls[environment],
  );
  if (!validated.ok)
    throw new Error(`certificate not validated: ${validated.problems.map((p) => p.code).join()}`);
  if (options.until === 'validated') return fixture;
  await completeRegistration(db, entry.id);
  return fixture;
}
