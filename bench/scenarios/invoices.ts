import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createScratchDatabase } from '../support/runner-app';
import { percentile } from '../support/percentile';
import type { BenchRow } from '../support/types';

const INVOICES_PER_RUN = 100;
const PG_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const OWN_TIME_TARGET = 'target: step overhead p99 ≤ 10 ms';

interface RunResult {
  pointsOfSale: number;
  invoices: number;
  seconds: number;
  ownMs: number[];
  arcaMs: number[];
  failed: number;
  oneAtATime?: boolean;
}

/**
 * Invoices through the real path (createInvoiceEntry, a job of the ar-invoice workflow, the runner,
 * the gov-ar.invoice step) against the simulated ARCA on loopback, on PGlite and a scratch
 * PostgreSQL: invoices per second on one point of sale and across 8, and the step's own time per
 * invoice (its wall time less the WSAA/WSFE calls and the wait for other sends' turns). The
 * baseline, measured in the same run, is ARCA's own time: the rate one point of sale would reach if
 * the step cost nothing.
 */
export default async function invoicesScenario(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  rows.push(...toRows('PGlite', await runSender(undefined)));
  const scratch = await createScratchDatabase(PG_ADMIN_URL, `bench_invoices_${process.pid}`).catch(
    () => undefined,
  );
  if (!scratch)
    return [
      ...rows,
      {
        scenario: 'invoices',
        variant: 'PostgreSQL',
        note: `skipped: no PostgreSQL at ${PG_ADMIN_URL}`,
      },
    ];
  try {
    rows.push(...toRows('PostgreSQL', await runSender(scratch.url)));
  } finally {
    await scratch.drop();
  }
  return rows;
}

function toRows(label: string, results: RunResult[]): BenchRow[] {
  const [alone, one, eight] = results as [RunResult, RunResult, RunResult];
  const rate = (r: RunResult) => Math.round((r.invoices / r.seconds) * 10) / 10;
  const arcaBound = 1000 / mean(one.arcaMs);
  const scaling = rate(eight) / rate(one);
  const failures = (r: RunResult) => (r.failed ? `; ${r.failed} not OK` : '');
  const own = (r: RunResult, what: string): BenchRow => ({
    scenario: `gov-ar.invoice own time per invoice, ${what}`,
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
      scenario: 'invoices sent per second, 1 point of sale',
      variant: `${label} (baseline: ARCA's time alone allows ${arcaBound.toFixed(1)}/s)`,
      rps: rate(one),
      ratio: Number((rate(one) / arcaBound).toFixed(2)),
      note: `${one.invoices} invoices in ${one.seconds.toFixed(1)} s${failures(one)}`,
    },
    {
      scenario: 'invoices sent per second, 8 points of sale',
      variant: `${label} (target: 8 PoS ≥ k× one PoS; k = ${scaling.toFixed(2)} here)`,
      rps: rate(eight),
      ratio: Number(scaling.toFixed(2)),
      note: `${eight.invoices} invoices in ${eight.seconds.toFixed(1)} s; ARCA's time per call pair p50 ${percentile(eight.arcaMs, 50)} ms (the simulator shares this process and database)${failures(eight)}`,
    },
  ];
}

/** bench/support/invoice-sender.ts in a child process; its one JSON line of results. */
function runSender(databaseUrl: string | undefined): Promise<RunResult[]> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--import',
      './scripts/server-only.mjs',
      'bench/support/invoice-sender.ts',
      String(INVOICES_PER_RUN),
    ],
    {
      env: {
        ...process.env,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'arca-bench-invoices-')),
        DATABASE_URL: databaseUrl ?? '',
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
      if (code === 0 && line) resolve((JSON.parse(line) as { results: RunResult[] }).results);
      else reject(new Error(`bench invoice sender exited with ${code}`));
    });
  });
}

const mean = (samples: number[]) => samples.reduce((a, b) => a + b, 0) / samples.length;
