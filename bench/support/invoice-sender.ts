import { startDatabase, stopDatabase, type Db } from '@/lib/db';
import { createInvoiceEntry, createInvoiceStep } from '@/lib/invoices';
import { inArray } from 'drizzle-orm';
import { schema } from '@/lib/db';
import { createJob, createWorkflow, startRunner } from '@/lib/transform';
import { STEP_HANDLERS } from '@/lib/workflow-steps';
import { connectApp, createWorkspace } from '@/lib/workspaces';
import { startSimulator } from '../../tests/fixtures/arca/simulator-server';
import { registerSupplier } from '../../tests/integration/support/registered-supplier';

// The invoices bench's process: the runner as server.ts wires it (default concurrency), whose
// gov-ar.invoice step talks to the simulated ARCA (in this process, on loopback, as the app runs it
// with ARCA_SIMULATOR=on), on DATABASE_URL or a PGlite in DATA_DIR. argv: invoices per run. Sends
// them one at a time, then all at once on one point of sale, then spread over 8, each through
// createInvoiceEntry + a job of the ar-invoice workflow, and prints one JSON line of results.
const perRun = Number(process.argv[2] ?? 200);

interface RunResult {
  pointsOfSale: number;
  invoices: number;
  seconds: number;
  /** The step's own time per invoice (its wall time less the time inside WSAA/WSFE calls). */
  ownMs: number[];
  arcaMs: number[];
  failed: number;
}

async function main() {
  const { db } = await startDatabase('bench');
  const sim = await startSimulator(db);
  const workspace = await createWorkspace(db, { name: 'bench invoices', environment: 'sandbox' });
  await connectApp(db, workspace.id, 'gov-ar');
  const { workflow } = await createWorkflow(db, workspace.id, { template: 'ar-invoice' });
  const supplier = await registerSupplier(db, sim, workspace.id);
  const timings: { ownMs: number; arcaMs: number }[] = [];
  const runner = startRunner({
    getDb: async () => db,
    steps: {
      ...STEP_HANDLERS,
      'gov-ar.invoice': createInvoiceStep({
        endpointsFor: (environment) => sim.urls[environment],
        observe: ({ totalMs, arcaMs, waitMs }) =>
          timings.push({ ownMs: totalMs - arcaMs - waitMs, arcaMs }),
      }),
    },
    pollMs: 50,
  });
  const send = async (
    pointsOfSale: number,
    count: number,
    firstPos: number,
    oneAtATime = false,
  ) => {
    const entryIds: string[] = [];
    for (let i = 0; i < count; i++)
      entryIds.push(
        await invoiceEntry(db, workspace.id, supplier.cuit, firstPos + (i % pointsOfSale)),
      );
    timings.length = 0;
    const started = performance.now();
    const job = async (id: string) =>
      (await createJob(db, workspace.id, { body: { workflow_id: workflow.id, silo_entry_id: id } }))
        .job.id;
    const done = [];
    if (oneAtATime)
      for (const id of entryIds) done.push(...(await allCompleted(db, [await job(id)])));
    else done.push(...(await allCompleted(db, await Promise.all(entryIds.map(job)))));
    const seconds = (performance.now() - started) / 1000;
    return {
      pointsOfSale,
      invoices: count,
      seconds,
      ownMs: timings.map((t) => t.ownMs),
      arcaMs: timings.map((t) => t.arcaMs),
      failed: done.filter((job) => job.status !== 'OK').length,
    } satisfies RunResult;
  };
  // Warm-up: the first WSAA login, prepared statements, the JIT.
  await send(1, 10, 9_000);
  // One invoice at a time: the step's own time with nothing else running beside it.
  const results = [
    { ...(await send(1, Math.min(perRun, 40), 50, true)), oneAtATime: true },
    await send(1, perRun, 1),
    await send(8, perRun, 100),
  ];
  console.log(JSON.stringify({ results }));
  await runner.stop();
  await sim.close();
  await stopDatabase();
}

/** One query per poll for every job, so waiting adds no load worth counting. */
async function allCompleted(db: Db, ids: string[]) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const rows = await db
      .select({ status: schema.jobs.status, completedAt: schema.jobs.completedAt })
      .from(schema.jobs)
      .where(inArray(schema.jobs.id, ids));
    if (rows.every((row) => row.completedAt)) return rows;
    if (Date.now() > deadline) throw new Error('invoices not sent within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function invoiceEntry(db: Db, ownerId: string, cuit: string, pointOfSale: number) {
  const { entry } = await createInvoiceEntry(db, ownerId, {
    body: {
      data: {
        $schema: 'https://gobl.org/draft-0/bill/invoice',
        $addons: ['ar-arca-v4'],
        type: 'standard',
        series: String(pointOfSale),
        issue_date: new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10),
        currency: 'ARS',
        supplier: { name: 'Bench SRL', tax_id: { country: 'AR', code: cuit } },
        lines: [
          {
            quantity: '2',
            item: { name: 'Caja', price: '100', key: 'goods' },
            taxes: [{ cat: 'VAT', rate: 'general' }],
          },
        ],
      },
    },
  });
  return entry.id;
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
