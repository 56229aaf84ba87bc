import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { cuitCheckDigit } from '@/lib/arca';
import { buildIfChanged } from '../../scripts/build-if-changed.mjs';
import { startCluster } from '../../scripts/cluster.mjs';
import { freshPostgres, postgresReachable } from '../support/api-fixtures';
import { startCpuHogs } from '../support/cpu-hogs';
import {
  describeVariant,
  journeyVariants,
  thinkTimes,
  type JourneyVariant,
} from '../support/journey-variants';
import { cpuMs, peakRssMib, resetPeakRss } from '../support/process-stats';
import { newRegistration, type Registration } from '../support/registration-link';
import { startSeededApp } from '../support/seeded-app';
import { BESIDE, PROXY_ADDRESS } from '../support/supplier-browser';
import {
  supplierJourney,
  wizardActionIds,
  type WizardActionIds,
} from '../support/supplier-journey';
import { percentile } from '../support/percentile';
import type { BenchRow } from '../support/types';
import { TS_NODE_ARGS } from '../../scripts/ts-node-args.mjs';

// The proxy in front of the app forwards each supplier's own address (the per-address limits count it).
const APP_ENV: Record<string, string> = {
  TRUST_PROXY: PROXY_ADDRESS,
  LOG_LEVEL: 'warn',
  APP_ENV: 'demo',
  // BENCH_CPU_PROF=<dir>: every server process writes a V8 CPU profile there when it stops
  // (scripts/cpu-profile-attribution.mjs says where the time went).
  ...(process.env.BENCH_CPU_PROF
    ? {
        NODE_OPTIONS: `--import=${path.resolve('scripts/cpu-profile-on-exit.mjs')}`,
        CPU_PROFILE_DIR: path.resolve(process.env.BENCH_CPU_PROF),
      }
    : {}),
};
// BENCH_JOURNEYS_DATABASES=pglite (or postgresql) runs one deployment only.
const DATABASES = (process.env.BENCH_JOURNEYS_DATABASES ?? 'pglite,postgresql').split(',');
// A misspelt name ran nothing and wrote an empty table over the last results.
for (const name of DATABASES)
  if (name !== 'pglite' && name !== 'postgresql')
    throw new Error(`BENCH_JOURNEYS_DATABASES: "${name}" is neither pglite nor postgresql`);

interface Deployment {
  label: string;
  /** Where each request goes: round robin over the instances, as a load balancer would. */
  origins: string[];
  processes: { name: string; pid: number | undefined }[];
  fixture: { apiKey: string; workflowId: string };
  stop(): Promise<void>;
}

interface RunResult {
  journeys: number;
  completed: number;
  errors: string[];
  refetchedRedirects: number;
  resent: number;
  /** 503s with Retry-After (admission control) waited out and sent again, and the time spent so. */
  busyWaits: number;
  busyWaitedMs: number;
  seconds: number;
  steps: Map<string, number[]>;
  cpuMs: number | undefined;
}

/**
 * Crowds of suppliers through the whole sandbox wizard, each as Chromium sends it (pages, static
 * assets, prefetches, server actions, the simulated ARCA's pages), against one journey alone in the
 * same run: on PGlite (one `npm start` instance) and on PostgreSQL (two instances and a worker,
 * requests spread round robin). The crowds (bench/support/journey-variants.ts, BENCH_JOURNEYS): 400
 * at once on a quiet machine, 200 at once beside two CPU-bound processes the bench starts, 200
 * pausing 5–30 s between steps. Per step p50/p99, server CPU per completed registration (every
 * server process, the runner's follow-up work included), peak memory per process over each crowd,
 * errors, and the machine's load average before and after each crowd.
 */
export default async function journeysScenario(): Promise<BenchRow[]> {
  buildIfChanged();
  const actions = wizardActionIds();
  const rows: BenchRow[] = [];
  if (DATABASES.includes('pglite')) {
    const pglite = await startPglite();
    try {
      rows.push(...(await measure(pglite, actions)));
    } finally {
      await pglite.stop();
    }
  }
  if (!DATABASES.includes('postgresql')) return rows;
  if (!(await postgresReachable()))
    return [
      ...rows,
      { scenario: 'supplier journeys', variant: 'PostgreSQL', note: 'skipped: no PostgreSQL' },
    ];
  const database = await freshPostgres(`bench_journeys_${process.pid}`);
  try {
    const cluster = await startPostgresCluster(database.url);
    try {
      rows.push(...(await measure(cluster, actions)));
    } finally {
      await cluster.stop();
    }
  } finally {
    await database.drop();
  }
  return rows;
}

async function measure(deployment: Deployment, actions: WizardActionIds): Promise<BenchRow[]> {
  const variants = journeyVariants();
  const registrations = await createRegistrations(
    deployment,
    2 + variants.reduce((sum, variant) => sum + variant.journeys, 0),
  );
  let taken = 0;
  const take = (count: number) => registrations.slice(taken, (taken += count));
  // The first journey pays for the JIT and each page's first compile; it is not counted.
  await run(deployment, actions, take(1));
  const alone = await run(deployment, actions, take(1));
  if (process.env.BENCH_CPU_PROF)
    for (const { pid } of deployment.processes) if (pid) process.kill(pid, 'SIGUSR2');
  const rows: BenchRow[] = [];
  for (const variant of variants) {
    for (const { pid } of deployment.processes) resetPeakRss(pid);
    const load = loadAverage();
    const stopHogs = startCpuHogs(variant.hogs);
    let crowd: RunResult;
    try {
      crowd = await run(deployment, actions, take(variant.journeys), {
        think: variant.thinking ? thinkTimes(taken) : undefined,
      });
    } finally {
      await stopHogs();
    }
    rows.push(...variantRows(deployment, variant, alone, crowd, `load ${load} → ${loadAverage()}`));
  }
  return rows;
}

function variantRows(
  deployment: Deployment,
  variant: JourneyVariant,
  alone: RunResult,
  crowd: RunResult,
  load: string,
): BenchRow[] {
  const label = `${deployment.label}, ${describeVariant(variant)}`;
  const rows: BenchRow[] = [];
  for (const [step, times] of crowd.steps) {
    if (step === WHOLE) continue;
    const single = alone.steps.get(step) ?? [];
    const p99 = percentile(times, 99) ?? 0;
    const missed = variant.stepTarget && !step.startsWith(BESIDE) && p99 >= 500;
    rows.push({
      scenario: `journey step: ${step}`,
      variant: `${label} (one alone: ${percentile(single, 50)} / ${percentile(single, 99)} ms)`,
      p50_ms: percentile(times, 50),
      p99_ms: p99,
      ratio: round((percentile(times, 50) ?? 0) / Math.max(percentile(single, 50) ?? 0, 0.1)),
      note: `n=${times.length}${missed ? '; p99 target MISSED (< 500 ms)' : ''}`,
    });
  }
  const peaks = deployment.processes.map(({ name, pid }) => ({ name, mib: peakRssMib(pid) }));
  const memoryMet = peaks.every(({ mib }) => (mib ?? 0) < 1024);
  const stepsMet =
    !variant.stepTarget ||
    [...crowd.steps].every(
      ([step, times]) =>
        step === WHOLE || step.startsWith(BESIDE) || (percentile(times, 99) ?? 0) < 500,
    );
  const perRegistration = (r: RunResult) =>
    r.cpuMs === undefined || !r.completed ? undefined : Math.round(r.cpuMs / r.completed);
  const targets = variant.stepTarget
    ? 'targets: 0 errors, step p99 < 500 ms, < 1 GB per instance'
    : 'targets: 0 errors, < 1 GB per instance';
  const met = crowd.errors.length === 0 && memoryMet && stepsMet;
  rows.push({
    scenario: 'supplier journeys, whole wizard',
    variant: `${label} (${targets})`,
    rps: round(crowd.completed / crowd.seconds),
    p50_ms: percentile(crowd.steps.get(WHOLE) ?? [], 50),
    p99_ms: percentile(crowd.steps.get(WHOLE) ?? [], 99),
    note: [
      `${crowd.completed}/${crowd.journeys} registered in ${crowd.seconds.toFixed(1)} s`,
      `server CPU ${perRegistration(crowd) ?? '?'} ms per registration (one alone: ${perRegistration(alone) ?? '?'} ms; target ≤ 300 ms)`,
      `${crowd.refetchedRedirects} action redirects without their page (Next's own fetch of it failed)`,
      `${crowd.resent} requests sent again after the server closed an idle connection`,
      `${crowd.busyWaits} busy answers (503, Retry-After) waited out and sent again, not errors`,
      `${crowd.errors.length} errors${crowd.errors.length ? ` (first: ${crowd.errors[0]})` : ''}`,
      load,
      met ? 'targets met' : 'MISSED',
    ].join('; '),
  });
  rows.push({
    scenario: 'supplier journeys, peak memory',
    variant: `${label} (target < 1 GB per instance)`,
    note: `${peaks.map(({ name, mib }) => `${name} ${mib ?? '?'} MiB`).join(', ')} (peak RSS over this crowd)${memoryMet ? '' : '; MISSED'}`,
  });
  rows.push({
    scenario: 'supplier journeys, busy answers waited out (not errors)',
    variant: label,
    note: `${crowd.busyWaits} answers 503 with Retry-After (admission control) waited out and sent again, as a person reloading would: ${Math.round(crowd.busyWaitedMs / 1000)} s of waiting in all, over ${crowd.completed} registrations (one alone: ${alone.busyWaits})`,
  });
  return rows;
}

/** The machine's 1-minute load average, as the rows report it beside each figure. */
function loadAverage(): string {
  return os.loadavg()[0]!.toFixed(1);
}

const WHOLE = 'whole journey';

/** Runs the journeys at once; then waits until the runner has finished every registration's job. */
async function run(
  deployment: Deployment,
  actions: WizardActionIds,
  registrations: (Registration & { cuit: string })[],
  options: { think?: () => number } = {},
): Promise<RunResult> {
  const steps = new Map<string, number[]>();
  const record = (step: string, ms: number) => {
    const list = steps.get(step) ?? steps.set(step, []).get(step)!;
    list.push(Math.round(ms * 10) / 10);
  };
  let next = 0;
  const origin = () => deployment.origins[next++ % deployment.origins.length]!;
  const cpuBefore = serverCpuMs(deployment);
  const started = performance.now();
  const errors: string[] = [];
  let refetchedRedirects = 0;
  let resent = 0;
  let busyWaits = 0;
  let busyWaitedMs = 0;
  const finished = await Promise.all(
    registrations.map(async (registration, i) => {
      const journeyStarted = performance.now();
      try {
        const journey = await supplierJourney(
          origin,
          {
            linkPath: registration.linkPath,
            cuit: registration.cuit,
            alias: `bench${registration.cuit}`,
            address: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
          },
          actions,
          record,
          {
            busy: (waits, waitedMs) => {
              busyWaits += waits;
              busyWaitedMs += waitedMs;
            },
            think: options.think,
          },
        );
        record(WHOLE, performance.now() - journeyStarted);
        refetchedRedirects += journey.refetchedRedirects;
        resent += journey.resent;
        return registration;
      } catch (error) {
        errors.push((error as Error).message);
        return undefined;
      }
    }),
  );
  const completed = await jobsCompleted(
    deployment,
    finished.filter((r): r is Registration & { cuit: string } => !!r),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = serverCpuMs(deployment);
  return {
    journeys: registrations.length,
    completed,
    errors,
    refetchedRedirects,
    resent,
    busyWaits,
    busyWaitedMs,
    seconds,
    steps,
    cpuMs: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore,
  };
}

/** How many of the registrations' jobs ended OK (waiting for the runner to finish them). */
async function jobsCompleted(deployment: Deployment, registrations: Registration[]) {
  const headers = { Authorization: `Bearer ${deployment.fixture.apiKey}` };
  let ok = 0;
  for (const { jobId } of registrations) {
    for (let i = 0; ; i++) {
      const answer = await fetch(`${deployment.origins[0]}/transform/v1/jobs/${jobId}`, {
        headers,
      });
      // The API's admission control: busy for now, asked again after Retry-After.
      if (answer.status === 503 && answer.headers.has('retry-after') && i < 600) {
        await answer.body?.cancel();
        await new Promise((r) => setTimeout(r, Number(answer.headers.get('retry-after')) * 1000));
        continue;
      }
      const job = (await answer.json()) as { status: string };
      if (job.status === 'OK') ok++;
      if (!['RUN', 'QUEUED'].includes(job.status)) break;
      if (i === 600) throw new Error(`job ${jobId} still ${job.status} after a minute`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return ok;
}

function serverCpuMs(deployment: Deployment): number | undefined {
  let total = 0;
  for (const { pid } of deployment.processes) {
    const used = cpuMs(pid);
    if (used === undefined) return undefined;
    total += used;
  }
  return total;
}

/** Suppliers with their registration links (through the API, a few at a time; not measured). */
async function createRegistrations(deployment: Deployment, count: number) {
  const made: (Registration & { cuit: string })[] = [];
  for (let i = 0; i < count; i += 10) {
    const batch = Array.from({ length: Math.min(10, count - i) }, (_, j) => cuit(i + j));
    made.push(
      ...(await Promise.all(
        batch.map(async (code, j) => ({
          cuit: code,
          ...(await newRegistration(deployment.origins[0]!, deployment.fixture, {
            name: `Proveedor ${i + j} SRL`,
            cuit: code,
          })),
        })),
      )),
    );
  }
  return made;
}

/** A valid CUIT of a company (30-) for each journey. */
function cuit(index: number): string {
  for (let body = 10_000_000 + index * 11; ; body++) {
    const first10 = `30${body}`;
    const digit = cuitCheckDigit(first10);
    if (digit !== undefined) return `${first10}${digit}`;
  }
}

async function startPglite(): Promise<Deployment> {
  const app = await startSeededApp(4501, APP_ENV);
  return {
    label: 'PGlite, 1 instance',
    origins: [app.url],
    processes: [{ name: 'app', pid: app.pid }],
    fixture: app.fixtures.sandbox,
    stop: app.stop,
  };
}

async function startPostgresCluster(databaseUrl: string): Promise<Deployment> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'arca-bench-journeys-'));
  const seeded = spawnSync(process.execPath, [...TS_NODE_ARGS, 'tests/e2e/support/seed.ts'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir },
    stdio: 'inherit',
  });
  if (seeded.status !== 0) throw new Error('could not seed the PostgreSQL database');
  const fixtures = JSON.parse(readFileSync(path.join(dataDir, 'e2e-fixtures.json'), 'utf8'));
  const cluster = await startCluster({
    databaseUrl,
    ports: [4511, 4512],
    workers: 1,
    // The same limits as startSeededApp's, so both databases do the same work.
    env: {
      ...APP_ENV,
      API_RATE_LIMIT_PER_MINUTE: '1000000000',
      REG_PAGE_VIEWS_PER_MINUTE: '1000000000',
      PAGE_REQUESTS_PER_MINUTE: '1000000000',
    },
    output: 'kept',
  });
  return {
    label: 'PostgreSQL, 2 instances + 1 worker',
    origins: cluster.instances.map((instance) => instance.url),
    processes: [...cluster.instances, ...cluster.workers].map(({ name, pid }) => ({ name, pid })),
    fixture: fixtures.sandbox,
    stop: () => cluster.stop(),
  };
}

const round = (n: number) => Math.round(n * 100) / 100;
