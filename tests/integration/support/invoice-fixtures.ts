import { randomInt } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { ArcaEnvironment } from '@/lib/arca';
import { schema, type Db } from '@/lib/db';
import { createInvoiceEntry, createInvoiceStep, type InvoiceStepOptions } from '@/lib/invoices';
import type { Regime } from '@/lib/registration';
import { createJob, createWorkflow, startRunner, type Runner } from '@/lib/transform';
import { STEP_HANDLERS } from '@/lib/workflow-steps';
import { connectApp, createWorkspace } from '@/lib/workspaces';
import type { RunningSimulator } from '../../fixtures/arca/simulator-server';
import { registerSupplier, type SimulatorPortal } from './registered-supplier';

export interface RegisteredSupplier {
  ownerId: string;
  supplierEntryId: string;
  workflowId: string;
  cuit: string;
  environment: ArcaEnvironment;
}

/**
 * A workspace of the environment with the gov-ar app, an ar-invoice workflow and a supplier whose
 * registration is complete as the wizard leaves it (registerSupplier: the regime, a certificate the
 * simulator issued with wsfe authorised, validated, completed; live: its points of sale registered
 * in the simulator's portal).
 */
export async function registeredSupplier(
  db: Db,
  sim: RunningSimulator,
  environment: ArcaEnvironment,
  options: {
    regime?: Regime;
    cuit?: string;
    pointsOfSale?: number[];
    portal?: SimulatorPortal;
    services?: ('wsfe' | 'wsct')[];
  } = {},
): Promise<RegisteredSupplier> {
  const workspace = await createWorkspace(db, {
    name: `invoices ${randomInt(1e9)}`,
    environment,
  });
  await connectApp(db, workspace.id, 'gov-ar');
  const { workflow } = await createWorkflow(db, workspace.id, { template: 'ar-invoice' });
  const supplier = await registerSupplier(db, sim, workspace.id, options);
  return {
    ownerId: workspace.id,
    supplierEntryId: supplier.entryId,
    workflowId: workflow.id,
    cuit: supplier.cuit,
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

/** An invoice entry, stored as the API stores it (createInvoiceEntry): checked, calculated, enveloped. */
export async function invoiceEntry(db: Db, ownerId: string, doc: Record<string, unknown>) {
  const { entry } = await createInvoiceEntry(db, ownerId, { body: { data: doc } });
  return entry.id;
}

export async function sendJob(db: Db, supplier: RegisteredSupplier, entryId: string) {
  const { job } = await createJob(db, supplier.ownerId, {
    body: { workflow_id: supplier.workflowId, silo_entry_id: entryId },
  });
  return job;
}

/** A runner whose gov-ar.send step (and its old name gov-ar.invoice) talks to this simulator. */
export function invoiceRunner(
  db: Db,
  sim: RunningSimulator,
  options: {
    concurrency?: number;
    maxWaiting?: number;
    leaseMs?: number;
    step?: InvoiceStepOptions;
  } = {},
): Runner {
  const send = createInvoiceStep({
    endpointsFor: (environment) => sim.urls[environment],
    ...options.step,
  });
  return startRunner({
    getDb: async () => db,
    steps: { ...STEP_HANDLERS, 'gov-ar.send': send, 'gov-ar.invoice': send },
    pollMs: 50,
    concurrency: options.concurrency,
    maxWaiting: options.maxWaiting,
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
