import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createScratchDatabase } from '../support/runner-app';
import { percentile } from '../support/percentile';
import type { BenchRow } from '../support/types';
import { TS_NODE_ARGS } from '../../scripts/ts-node-args.mjs';

// Each run's invoices, and how many of them one at a time: enough for a p99 that is not just the
// slowest of a few (of 40, it was the largest one); fewer when every call waits on the assumed
// round trip, as one point of sale then sends a handful a second.
const COUNTS = { loopback: [100, 200], latency: [48, 60] } as const;
const PG_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const OWN_TIME_TARGET = 'target: step overhead p99 ≤ 10 ms';
// Added to every call to the simulated ARCA in the second run of each database: an assumed round
// trip to the real ARCA (this machine cannot reach it), so points of sale wait on the network as
// they do in production instead of on this machine's CPU.
const ARCA_LATENCY_MS = 100;

interface RunResult {
  pointsOfSale: number;
  invoices: number;
  seconds: number;
  ownMs: number[];
  arcaMs: number[];
  failed: number;
  oneAtATime?: boolean;
}
interface SenderOutput {
  results: RunResult[];
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
 * nothing. Each database runs twice: ARCA answering as fast as it can, then each call
 * ARCA_LATENCY_MS late.
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
      const run = (latencyMs: number) =>
        runSender({
          appDatabaseUrl,
          simDatabaseUrl,
          latencyMs,
          counts: COUNTS[latencyMs ? 'latency' : 'loopback'],
        });
      rows.push(...toRows(label, await run(0), 0));
      rows.push(...toRows(label, await run(ARCA_LATENCY_MS), ARCA_LATENCY_MS));
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
  const [alone, one, eight] = output.results as [RunResult, RunResult, RunResult];
  const { arcaAlone } = output;
  const rate = (r: RunResult) => Math.round((r.invoices / r.seconds) * 10) / 10;
  const round = (n: number) => Math.round(n * 10) / 10;
  const scaling = rate(eight) / rate(one);
  const failures = (r: RunResult) => (r.failed ? `; ${r.failed} not OK` : '');
  const arca = latencyMs ? `ARCA +${latencyMs} ms per call` : 'ARCA on loopback';
  const own = (r: RunResult, what: string): BenchRow => ({
    scenario: `gov-ar.send own time per invoice, ${what}, ${arca}`,
    variant: `${label} (${OWN_TIME_TARGET})`,
    p50_ms: percentile(r.ownMs, 50),
    p99_ms: percentile(r.ownMs, 99),
    note: `n=${r.ownMs.length}; ARCA's time (excluded) p50 ${percentile(r.arcaMs, 50)} ms${failures(r)}`,
  });
  return [
    own(alone, 'one invoice at a time'),
    own(one, `${one.invoices} at once on 1 point of sale`),
    own(eight, `${eight.invoices} at once over 8 points of sale`),
    {
      scenario: `invoices sent per second, 1 point of sale, ${arca}`,
      variant: `${label} (baseline: ARCA alone allows ${round(arcaAlone.onePointOfSale)}/s)`,
      rps: rate(one),
      ratio: Number((rate(one) / arcaAlone.onePointOfSale).toFixed(2)),
      note: `${one.invoices} invoices in ${one.seconds.toFixed(1)} s${failures(one)}`,
    },
    {
      scenario: `invoices sent per second, 8 points of sale, ${arca}`,
      variant: `${label} (target: 8 PoS ≥ k× one PoS; k = ${scaling.toFixed(2)} here)`,
      rps: rate(eight),
      ratio: Number(scaling.toFixed(2)),
      note: `${eight.invoices} invoices in ${eight.seconds.toFixed(1)} s; ARCA alone over 8 points of sale: ${round(arcaAlone.eightPointsOfSale)}/s; ARCA's time per invoice p50 ${percentile(eight.arcaMs, 50)} ms${failures(eight)}`,
    },
  ];
}

/** bench/support/invoice-sender.ts in a child process (it starts the simulator's); its JSON line. */
function runSender(settings: {
  appDatabaseUrl: string | undefined;
  simDatabaseUrl: string | undefined;
  latencyMs: number;
  counts: readonly [perRun: number, oneAtATime: number];
}): Promise<SenderOutput> {
  const child = spawn(
    process.execPath,
    [...TS_NODE_ARGS, 'bench/support/invoice-sender.ts', ...settings.counts.map(String)],
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
