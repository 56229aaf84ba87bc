import { randomInt, randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { createCsr, generateKeyPair, type ArcaEnvironment } from '@/lib/arca';
import { addPointOfSale, authorizeService, issueCertificate } from '@/lib/arca-simulator';
import { getMasterKeyring, sealSecret } from '@/lib/crypto';
import { schema, type Db } from '@/lib/db';
import { createInvoiceStep, type InvoiceStepOptions } from '@/lib/invoices';
import type { Regime } from '@/lib/registration';
import { createEntry } from '@/lib/silo';
import { createJob, createWorkflow, startRunner, type Runner } from '@/lib/transform';
import { STEP_HANDLERS } from '@/lib/workflow-steps';
import { connectApp, createWorkspace } from '@/lib/workspaces';
import type { RunningSimulator } from '../../fixtures/arca/simulator-server';
import { newCuit } from '../../support/new-cuit';

export interface RegisteredSupplier {
  ownerId: string;
  supplierEntryId: string;
  workflowId: string;
  cuit: string;
  environment: ArcaEnvironment;
}

/**
 * A workspace of the environment with the gov-ar app, an ar-invoice workflow and a supplier whose
 * registration is complete as the wizard leaves it: a simulator-issued certificate authorised for
 * wsfe, its key sealed, the regime in the progress, and (live) the points of sale registered in the
 * simulator's portal.
 */
export async function registeredSupplier(
  db: Db,
  environment: ArcaEnvironment,
  options: { regime?: Regime; pointsOfSale?: number[] } = {},
): Promise<RegisteredSupplier> {
  const workspace = await createWorkspace(db, {
    name: `invoices ${randomInt(1e9)}`,
    environment,
  });
  await connectApp(db, workspace.id, 'gov-ar');
  const { workflow } = await createWorkflow(db, workspace.id, { template: 'ar-invoice' });
  const cuit = newCuit();
  const { entry } = await createEntry(db, workspace.id, {
    body: {
      folder: 'suppliers',
      data: {
        $schema: 'https://gobl.org/draft-0/org/party',
        name: 'Facturas Güemes SRL',
        tax_id: { country: 'AR', code: cuit },
      },
    },
  });
  const alias = `fact${cuit.slice(-6)}`;
  const { privateKeyPem } = await generateKeyPair();
  const csrPem = await createCsr({
    companyName: 'Facturas Güemes SRL',
    alias,
    cuit,
    privateKeyPem,
  });
  const issued = await issueCertificate(db, { environment, csrPem });
  if (!issued.ok) throw new Error(`simulator refused the CSR: ${issued.error}`);
  const authorized = await authorizeService(db, { environment, cuit, alias, service: 'wsfe' });
  if (!authorized.ok) throw new Error(`simulator refused the authorisation: ${authorized.error}`);
  await db.insert(schema.registrations).values({
    entryId: entry.id,
    ownerId: workspace.id,
    step: 'done',
    progress: { regime: options.regime ?? 'responsable_inscripto' },
    authorizedAt: new Date(),
  });
  await db.insert(schema.registrationCredentials).values({
    entryId: entry.id,
    ownerId: workspace.id,
    source: 'generated',
    alias,
    keySealed: sealSecret(privateKeyPem, getMasterKeyring(), entry.id),
    certificatePem: issued.certificatePem,
    certificateNotAfter: new Date(Date.now() + 365 * 86_400_000),
    validatedAt: new Date(),
  });
  for (const number of options.pointsOfSale ?? [])
    await addPointOfSale(db, { environment, cuit, number, emissionType: 'CAE - Ri Iva' });
  return {
    ownerId: workspace.id,
    supplierEntryId: entry.id,
    workflowId: workflow.id,
    cuit,
    environment,
  };
}

/** Argentina's date (UTC−3) plus days, yyyy-mm-dd. */
export function argentinaDate(days = 0, from = new Date()): string {
  return new Date(from.getTime() - 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

/** A Factura B to a final consumer: 2 × 100 + 21 % IVA, goods. */
export function facturaB(cuit: string, pointOfSale: number, extra: Record<string, unknown> = {}) {
  return {
    $schema: 'https://gobl.org/draft-0/bill/invoice',
    $addons: ['ar-arca-v4'],
    type: 'standard',
    series: String(pointOfSale),
    issue_date: argentinaDate(),
    currency: 'ARS',
    supplier: { name: 'Facturas Güemes SRL', tax_id: { country: 'AR', code: cuit } },
    lines: [
      {
        quantity: '2',
        item: { name: 'Caja', price: '100', key: 'goods' },
        taxes: [{ cat: 'VAT', rate: 'general' }],
      },
    ],
    ...extra,
  };
}

/**
 * An invoice entry as the contract stores it: a GOBL envelope around the invoice, in folder
 * `invoices`, state `empty`. Written straight into silo's table: the API's createInvoiceEntry is
 * another branch's, and these tests are about sending.
 */
export async function invoiceEntry(db: Db, ownerId: string, doc: Record<string, unknown>) {
  const id = randomUUID();
  await db.insert(schema.entries).values({
    id,
    ownerId,
    folder: 'invoices',
    docSchema: 'https://gobl.org/draft-0/bill/invoice',
    envSchema: 'https://gobl.org/draft-0/envelope',
    data: {
      $schema: 'https://gobl.org/draft-0/envelope',
      head: { uuid: id, dig: { alg: 'sha256', val: '' } },
      doc,
    },
    requestHash: randomUUID(),
  });
  await db.insert(schema.entryStates).values({ entryId: id, state: 'empty' });
  return id;
}

export async function sendJob(db: Db, supplier: RegisteredSupplier, entryId: string) {
  const { job } = await createJob(db, supplier.ownerId, {
    body: { workflow_id: supplier.workflowId, silo_entry_id: entryId },
  });
  return job;
}

/** A runner whose gov-ar.invoice step talks to this simulator. */
export function invoiceRunner(
  db: Db,
  sim: RunningSimulator,
  options: { concurrency?: number; leaseMs?: number; step?: InvoiceStepOptions } = {},
): Runner {
  return startRunner({
    getDb: async () => db,
    steps: {
      ...STEP_HANDLERS,
      'gov-ar.invoice': createInvoiceStep({
        endpointsFor: (environment) => sim.urls[environment],
        ...options.step,
      }),
    },
    pollMs: 50,
    concurrency: options.concurrency,
    leaseMs: options.leaseMs,
  });
}

export async function sendRow(db: Db, entryId: string) {
  const [row] = await db
    .select()
    .from(schema.invoiceSends)
    .where(eq(schema.invoiceSends.entryId, entryId));
  return row;
}

/** The vouchers the simulated ARCA holds for the supplier, by number. */
export async function simulatorInvoices(db: Db, cuit: string) {
  return db
    .select()
    .from(schema.arcaSimInvoices)
    .where(eq(schema.arcaSimInvoices.cuit, cuit))
    .orderBy(sql`${schema.arcaSimInvoices.number}`);
}

/** Waits until every job has completed (one query per poll, however many jobs), or fails after `ms`. */
export async function waitForJobs(db: Db, ids: string[], ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const rows = await db
      .select({
        id: schema.jobs.id,
        status: schema.jobs.status,
        completedAt: schema.jobs.completedAt,
      })
      .from(schema.jobs)
      .where(inArray(schema.jobs.id, ids));
    if (rows.length === ids.length && rows.every((r) => r.completedAt)) return rows;
    if (Date.now() > deadline)
      throw new Error(
        `jobs not done after ${ms} ms: ${rows.filter((r) => !r.completedAt).length} of ${ids.length} (statuses ${JSON.stringify(rows.map((r) => r.status))})`,
      );
    await new Promise((r) => setTimeout(r, 100));
  }
}
