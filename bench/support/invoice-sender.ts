import { getLastAuthorized, requestCae } from '@/lib/arca';
import { trustSimulatorCas } from '@/lib/arca-simulator';
import { startDatabase, stopDatabase, type Db } from '@/lib/db';
import { createInvoiceStep } from '@/lib/invoices';
import { toFeVoucher } from '@/lib/invoice-model';
import { startPdfRenderPool } from '@/lib/invoice-print/pdf-render-pool';
import { inArray } from 'drizzle-orm';
import { schema } from '@/lib/db';
import { accessTicketFor, supplierForInvoicing, type ArcaEndpoints } from '@/lib/registration';
import { createJob, createWorkflow, startRunner } from '@/lib/transform';
import { STEP_HANDLERS } from '@/lib/workflow-steps';
import { connectApp, createWorkspace } from '@/lib/workspaces';
import { facturaB, invoiceEntry } from '../../tests/integration/support/invoice-fixtures';
import { registerSupplier } from '../../tests/integration/support/registered-supplier';
import { databaseCpu, databaseCpuBetween } from './database-cpu';
import { startSimulatorProcess } from './simulator-process';
import { countStatements } from './statement-counter';

// The invoices bench's app process: the runner and the PDF render pool as server.ts wires them (createJob wakes it; its
// concurrency the default RUNNER_CONCURRENCY, or RUNNER_CONCURRENCY_BENCH when set), whose
// gov-ar.send step talks to the simulated ARCA in another process on its own database
// (SIM_DATABASE_URL or an in-memory PGlite; SIM_LATENCY_MS added to each call), so the figures are
// the app's alone. The app is on DATABASE_URL or a PGlite in DATA_DIR. argv: invoices per burst, how
// many of them one at a time, and ARCA alone's sample. First ARCA alone (one at a time as before
// batches: its two calls per invoice, straight from a client, no step), then the app: one at a
// time, a burst on one point of sale, the same burst spread over 8, and 8 points of sale each sending
// one at a time, each invoice through createInvoiceEntry + a job of the ar-invoice workflow. Each
// run also counts the app's statements and CPU time per invoice. Prints one JSON line.
const perRun = Number(process.argv[2] ?? 100);
const oneByOne = Number(process.argv[3] ?? 40);
const aloneSample = Number(process.argv[4] ?? perRun);
const concurrency = process.env.RUNNER_CONCURRENCY_BENCH
  ? Number(process.env.RUNNER_CONCURRENCY_BENCH)
  : undefined;
const EIGHT = 8;

interface RunResult {
  pointsOfSale: number;
  invoices: number;
  seconds: number;
  /** The step's own time per invoice (its wall time less the time inside WSAA/WSFE calls). */
  ownMs: number[];
  arcaMs: number[];
  failed: number;
  /**
   * The process's CPU time during each run of the step (ms): the step's own CPU when one runs at a
   * time (PGlite's work included, PostgreSQL's not); under a burst, everything else's too.
   */
  stepCpuMs: number[];
  /** Per invoice: statements the app sent (all, and inside gov-ar.send), and CPU time (ms). */
  perInvoice: { statements: number; stepStatements: number; appCpuMs: number; dbCpuMs: number };
}

async function main() {
  const sim = await startSimulatorProcess({
    databaseUrl: process.env.SIM_DATABASE_URL || undefined,
    latencyMs: Number(process.env.SIM_LATENCY_MS ?? 0),
  });
  const untrust = trustSimulatorCas();
  const database = await startDatabase('bench');
  const { db } = database;
  const statements = countStatements(database);
  const workspace = await createWorkspace(db, { name: 'bench invoices', environment: 'sandbox' });
  await connectApp(db, workspace.id, 'gov-ar');
  const { workflow } = await createWorkflow(db, workspace.id, { template: 'ar-invoice' });
  const supplier = await registerSupplier(db, sim, workspace.id, { portal: sim.portal });
  const arcaAlone = await measureArcaAlone(db, workspace.id, supplier.cuit, sim.urls.sandbox);
  const timings: { ownMs: number; arcaMs: number }[] = [];
  const stepCpuMs: number[] = [];
  // Told when the step has run `count` times since the timings were last cleared: the bench waits on
  // this instead of polling the app's database (which would take turns from the sends on PGlite).
  let stepsRan: { count: number; resolve(): void } | undefined;
  // And per job, for the streams that send one invoice after another.
  const ranFor = new Map<string, () => void>();
  const ranAlready = new Set<string>();
  const send = createInvoiceStep({
    endpointsFor: (environment) => sim.urls[environment],
    observe: ({ totalMs, arcaMs, waitMs }) => {
      timings.push({ ownMs: totalMs - arcaMs - waitMs, arcaMs });
      if (stepsRan && timings.length >= stepsRan.count) stepsRan.resolve();
    },
  });
  const pdfRenderPool = startPdfRenderPool();
  const runner = startRunner({
    getDb: async () => db,
    concurrency,
    steps: {
      ...STEP_HANDLERS,
      'gov-ar.send': async (ctx) => {
        const cpu = process.cpuUsage();
        try {
          return await statements.within(() => send(ctx));
        } finally {
          const used = process.cpuUsage(cpu);
          stepCpuMs.push((used.user + used.system) / 1000);
          const ran = ranFor.get(ctx.job.id);
          if (ran) ran();
          else ranAlready.add(ctx.job.id);
        }
      },
    },
  });
  const afterSteps = (count: number) =>
    new Promise<void>((resolve) => {
      stepsRan = { count, resolve };
      if (timings.length >= count) resolve();
    });
  const afterStepOf = (jobId: string) =>
    new Promise<void>((resolve) => {
      if (ranAlready.delete(jobId)) resolve();
      else ranFor.set(jobId, resolve);
    });
  const job = async (id: string) =>
    (await createJob(db, workspace.id, { body: { workflow_id: workflow.id, silo_entry_id: id } }))
      .job.id;
  /** One invoice after another on each of `streams` points of sale, the next once one is done. */
  const oneAfterAnother = async (entryIds: string[]) => {
    const done = [];
    for (const id of entryIds) {
      const jobId = await job(id);
      await afterStepOf(jobId);
      done.push(...(await allCompleted(db, [jobId])));
    }
    return done;
  };
  const run = async (
    pointsOfSale: number,
    count: number,
    firstPos: number,
    how: 'burst' | 'oneAtATime' | 'streams' = 'burst',
  ) => {
    const entryIds: string[] = [];
    for (let i = 0; i < count; i++)
      entryIds.push(
        await invoiceEntry(
          db,
          workspace.id,
          facturaB(supplier.cuit, firstPos + (i % pointsOfSale)),
        ),
      );
    timings.length = 0;
    stepCpuMs.length = 0;
    const counted = { ...statements.count };
    const polls = { before: pollCount };
    const cpu = process.cpuUsage();
    const dbCpu = await databaseCpu(database);
    const started = performance.now();
    const done = [];
    if (how === 'oneAtATime') done.push(...(await oneAfterAnother(entryIds)));
    else if (how === 'streams')
      for (const ran of await Promise.all(
        Array.from({ length: pointsOfSale }, (_, p) =>
          oneAfterAnother(entryIds.filter((_, i) => i % pointsOfSale === p)),
        ),
      ))
        done.push(...ran);
    else {
      const jobIds = await Promise.all(entryIds.map(job));
      await afterSteps(count);
      done.push(...(await allCompleted(db, jobIds)));
    }
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    const dbCpuMs = databaseCpuBetween(dbCpu, await databaseCpu(database));
    // The bench's own polls for the jobs' completion are not the app's.
    const ownStatements = statements.count.total - counted.total - (pollCount - polls.before);
    const per = (n: number) => Math.round((n / count) * 100) / 100;
    return {
      pointsOfSale,
      invoices: count,
      seconds,
      ownMs: timings.map((t) => t.ownMs),
      arcaMs: timings.map((t) => t.arcaMs),
      stepCpuMs: [...stepCpuMs],
      failed: done.filter((job) => job.status !== 'OK').length,
      perInvoice: {
        statements: per(ownStatements),
        stepStatements: per(statements.count.within - counted.within),
        appCpuMs: per((used.user + used.system) / 1000),
        dbCpuMs: per(dbCpuMs),
      },
    } satisfies RunResult;
  };
  // Warm-up: the first WSAA login, prepared statements, the JIT.
  await run(1, 10, 9_000);
  // One invoice at a time: the step's own time with nothing else running beside it.
  const results = [
    { ...(await run(1, oneByOne, 50, 'oneAtATime')), oneAtATime: true },
    await run(1, perRun, 1),
    await run(EIGHT, perRun, 100),
    // 8 points of sale, each one invoice at a time: where ARCA's round trip is the bound.
    await run(EIGHT, EIGHT * oneByOne, 200, 'streams'),
  ];
  console.log(JSON.stringify({ results, arcaAlone, concurrency: concurrency ?? 'default' }));
  await runner.stop();
  await pdfRenderPool.stop();
  await stopDatabase();
  untrust();
  await sim.close();
}

/**
 * Invoices per second ARCA alone allows: its two calls per invoice (FECompUltimoAutorizado, then
 * FECAESolicitar under the next number) straight from a client, one point of sale, then 8 at once.
 */
async function measureArcaAlone(db: Db, ownerId: string, cuit: string, endpoints: ArcaEndpoints) {
  const supplier = (await supplierForInvoicing(db, ownerId, cuit))!;
  const ticket = await accessTicketFor(db, supplier, supplier.credentials, endpoints);
  if (!ticket.ok) throw new Error(`no ticket: ${ticket.outcome.code}`);
  const auth = { token: ticket.ticket.token, sign: ticket.ticket.sign, cuit };
  const options = { url: endpoints.wsfe };
  const issue = async (pointOfSale: number, count: number) => {
    const mapped = toFeVoucher(
      facturaB(cuit, pointOfSale),
      { cuit, regime: supplier.regime! },
      pointOfSale,
    );
    if (!mapped.ok) throw new Error('bench invoice does not map');
    for (let i = 0; i < count; i++) {
      const last = await getLastAuthorized(options, auth, pointOfSale, mapped.value.CbteTipo);
      if (!last.ok) throw new Error('FECompUltimoAutorizado failed');
      const answer = await requestCae(options, auth, {
        ...mapped.value,
        CbteNro: last.value.number + 1,
      });
      if (answer.status !== 'approved') throw new Error('FECAESolicitar did not approve');
    }
  };
  await issue(8_000, 5);
  const rate = async (pointsOfSale: number, first: number) => {
    const started = performance.now();
    const each = Math.ceil(aloneSample / pointsOfSale);
    await Promise.all(Array.from({ length: pointsOfSale }, (_, i) => issue(first + i, each)));
    return (each * pointsOfSale) / ((performance.now() - started) / 1000);
  };
  return { onePointOfSale: await rate(1, 8_100), eightPointsOfSale: await rate(EIGHT, 8_200) };
}

let pollCount = 0;

/** The jobs once all completed (polled only once their steps ran: the runner records them next). */
async function allCompleted(db: Db, ids: string[]) {
  const deadline = Date.now() + 900_000;
  for (;;) {
    pollCount += 1;
    const rows = await db
      .select({ status: schema.jobs.status, completedAt: schema.jobs.completedAt })
      .from(schema.jobs)
      .where(inArray(schema.jobs.id, ids));
    if (rows.every((row) => row.completedAt)) return rows;
    if (Date.now() > deadline) throw new Error('invoices not sent within 900 s');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
