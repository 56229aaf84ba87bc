import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createScratchDatabase } from '../support/runner-app';
import { percentile } from '../support/percentile';
import type { BenchRow } from '../support/types';
import { APP_NODE_ARGS, TS_NODE_ARGS } from '../../scripts/ts-node-args.mjs';

// A month-end burst on one point of sale (issue 27), the app's one-at-a-time sample, and ARCA
// alone's: one at a time as before batches (two calls per invoice) 2,000 invoices take 20 minutes
// at 300 ms a call, so that baseline is measured on a sample; its rate does not depend on the count.
const COUNTS = { burst: 2_000, oneAtATime: 40, arcaAloneSample: 10 } as const;
const PG_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const OWN_TIME_TARGET = 'target: step overhead p99 ≤ 10 ms';
// Added to every call to the simulated ARCA: an assumed round trip to the real ARCA (this machine
// cannot reach it), so points of sale wait on the network as they do in production.
const ARCA_LATENCY_MS = 300;

interface RunResult {
  pointsOfSale: number;
  invoices: number;
  seconds: number;
  ownMs: number[];
  arcaMs: number[];
  failed: number;
  oneAtATime?: boolean;
  stepCpuMs: number[];
  perInvoice: { statements: number; stepStatements: number; appCpuMs: number; dbCpuMs: number };
}
interface SenderOutput {
  results: RunResult[];
  /** The app's runner concurrency: 'default' (RUNNER_CONCURRENCY's), or RUNNER_CONCURRENCY_BENCH. */
  concurrency: number | 'default';
  /** Invoices per second ARCA allows with no step at all: one point of sale, and 8 at once. */
  arcaAlone: { onePointOfSale: number; eightPointsOfSale: number };
}

/**
 * Invoices through the real path (createInvoiceEntry, a job of the ar-invoice workflow, the runner,
 * the gov-ar.send step) against the simulated ARCA in its own process, on its own database, over
 * loopback, with the app on PGlite and on a scratch PostgreSQL: invoices per second on one point of
 * sale and across 8, and the step's own time per invoice (its wall time less the WSAA/WSFE calls
 * and the wait for other sends' turns). The baseline, measured in the same run, is ARCA alone: its
 * two calls per invoice straight from a client, the rate the app would reach if the step cost
 * nothing, one invoice at a time. Each call to ARCA is ARCA_LATENCY_MS late.
 */
export default async function invoicesScenario(): Promise<BenchRow[]> {
  const simScratch = await createScratchDatabase(
    PG_ADMIN_URL,
    `bench_invoices_sim_${process.pid}`,
  ).catch(() => undefined);
  const simDatabaseUrl = simScratch?.url;
  const rows: BenchRow[] = [];
  try {
    const both = async (label: string, appDatabaseUrl: string | undefined) => {
      const output = await runSender({
        appDatabaseUrl,
        simDatabaseUrl,
        latencyMs: ARCA_LATENCY_MS,
        counts: [COUNTS.burst, COUNTS.oneAtATime, COUNTS.arcaAloneSample],
      });
      rows.push(...toRows(label, output, ARCA_LATENCY_MS));
    };
    await both('PGlite', undefined);
    const appScratch = await createScratchDatabase(
      PG_ADMIN_URL,
      `bench_invoices_${process.pid}`,
    ).catch(() => undefined);
    if (!appScratch)
      return [
        ...rows,
        {
          scenario: 'invoices',
          variant: 'PostgreSQL',
          note: `skipped: no PostgreSQL at ${PG_ADMIN_URL}`,
        },
      ];
    try {
      await both('PostgreSQL', appScratch.url);
    } finally {
      await appScratch.drop();
    }
    return rows;
  } finally {
    await simScratch?.drop();
  }
}

function toRows(label: string, output: SenderOutput, latencyMs: number): BenchRow[] {
  const [alone, one, eight, streams] = output.results as [
    RunResult,
    RunResult,
    RunResult,
    RunResult,
  ];
  const { arcaAlone } = output;
  const rate = (r: RunResult) => Math.round((r.invoices / r.seconds) * 10) / 10;
  const round = (n: number) => Math.round(n * 10) / 10;
  const failures = (r: RunResult) => (r.failed ? `; ${r.failed} not OK` : '');
  const arca = `ARCA +${latencyMs} ms per call`;
  // Statements and CPU per invoice survive a busy machine better than the times do.
  const cost = ({ perInvoice: p }: RunResult) =>
    `per invoice: ${p.statements} statements (${p.stepStatements} in the step), app CPU ${p.appCpuMs} ms${p.dbCpuMs ? ` + PostgreSQL ${p.dbCpuMs} ms` : ''}`;
  const own = (r: RunResult, what: string): BenchRow => ({
    scenario: `gov-ar.send own time per invoice, ${what}, ${arca}`,
    variant: `${label} (${OWN_TIME_TARGET})`,
    p50_ms: percentile(r.ownMs, 50),
    p99_ms: percentile(r.ownMs, 99),
    note: `n=${r.ownMs.length}; slowest ${Math.round(Math.max(...r.ownMs))} ms (a batch's sender, for all it carried); ARCA's time (excluded) p50 ${percentile(r.arcaMs, 50)} ms; ${cost(r)}${failures(r)}`,
  });
  const oneAtATime = arcaAlone.onePointOfSale;
  return [
    {
      ...own(alone, 'one invoice at a time'),
      note: `${own(alone, '').note}; the process's CPU during the step p50 ${percentile(alone.stepCpuMs, 50)} ms, p99 ${percentile(alone.stepCpuMs, 99)} ms (PGlite's work included, PostgreSQL's not)`,
    },
    own(one, `burst of ${one.invoices} on 1 point of sale`),
    own(eight, `burst of ${eight.invoices} over 8 points of sale`),
    own(streams, '8 points of sale, each one invoice at a time'),
    {
      scenario: `invoices sent per second, one at a time (before batches), 1 point of sale, ${arca}`,
      variant: `${label} (baseline: ARCA alone, its 2 calls per invoice, sample of ${COUNTS.arcaAloneSample})`,
      rps: round(oneAtATime),
      note: `the app one at a time (one job after another, FECompUltimoAutorizado skipped while it holds the sequence): ${rate(alone)}/s over ${alone.invoices}${failures(alone)}`,
    },
    {
      scenario: `burst of ${one.invoices} invoices, 1 point of sale, batched, ${arca}`,
      variant: `${label}, runner concurrency ${output.concurrency} (target: ≥ 20× one at a time)`,
      rps: rate(one),
      ratio: Number((rate(one) / oneAtATime).toFixed(1)),
      note: `${one.invoices} invoices in ${one.seconds.toFixed(1)} s${failures(one)}`,
    },
    {
      scenario: `burst of ${eight.invoices} invoices over 8 points of sale, batched, ${arca}`,
      variant: `${label} (against the burst on 1 point of sale: both CPU-bound, no target)`,
      rps: rate(eight),
      ratio: Number((rate(eight) / rate(one)).toFixed(2)),
      note: `${eight.invoices} invoices in ${eight.seconds.toFixed(1)} s${failures(eight)}`,
    },
    {
      scenario: `8 points of sale, each one invoice at a time (8 streams of ${streams.invoices / 8}), ${arca}`,
      variant: `${label} (target: 8 PoS ≥ 7× one PoS one at a time)`,
      rps: rate(streams),
      ratio: Number((rate(streams) / rate(alone)).toFixed(2)),
      note: `${streams.invoices} invoices in ${streams.seconds.toFixed(1)} s, against the app one at a time on 1 point of sale ${rate(alone)}/s; ARCA alone one at a time over 8 points of sale: ${round(arcaAlone.eightPointsOfSale)}/s (${(arcaAlone.eightPointsOfSale / oneAtATime).toFixed(1)}× one)${failures(streams)}`,
    },
  ];
}

/** bench/support/invoice-sender.ts in a child process (it starts the simulator's); its JSON line. */
function runSender(settings: {
  appDatabaseUrl: string | undefined;
  simDatabaseUrl: string | undefined;
  latencyMs: number;
  counts: readonly [perRun: number, oneAtATime: number, arcaAloneSample: number];
}): Promise<SenderOutput> {
  const child = spawn(
    process.execPath,
    [
      ...APP_NODE_ARGS,
      ...TS_NODE_ARGS,
      'bench/support/invoice-sender.ts',
      ...settings.counts.map(String),
    ],
    {
      env: {
        ...process.env,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'arca-bench-invoices-')),
        DATABASE_URL: settings.appDatabaseUrl ?? '',
        SIM_DATABASE_URL: settings.simDatabaseUrl ?? '',
        SIM_LATENCY_MS: String(settings.latencyMs),
        LOG_LEVEL: 'warn',
        APP_ENV: 'demo',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.once('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('{"results"'));
      if (code === 0 && line) resolve(JSON.parse(line) as SenderOutput);
      else reject(new Error(`bench invoice sender exited with ${code}`));
    });
  });
}
