// `node --import tsx --import ./scripts/server-only.mjs bench/journey-step-cpu.ts [journeys]`: one
// supplier at a time through the whole wizard (the journeys bench's browser, PGlite), and the app
// process's CPU (all threads) that each step's requests cost, averaged over the journeys after a
// warm-up one. Where the ≤ 300 ms per registration goes, step by step (docs/performance.md).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { cuitCheckDigit } from '@/lib/arca';
import { buildIfChanged } from '../scripts/build-if-changed.mjs';
import { newRegistration } from './support/registration-link';
import { startSeededApp } from './support/seeded-app';
import { PROXY_ADDRESS } from './support/supplier-browser';
import { supplierJourney, wizardActionIds } from './support/supplier-journey';

const JOURNEYS = Number(process.argv[2] ?? 8);
// What the runner does after the last step (the job's end) is counted in the journey's total.
const SETTLE_MS = 1_500;

/** CPU (user + system, ms) of each thread of a process: the main thread apart, the others by name. */
function threadCpuMs(pid: number): Record<string, number> {
  const threads: Record<string, number> = {};
  for (const id of readdirSync(`/proc/${pid}/task`)) {
    const stat = readFileSync(`/proc/${pid}/task/${id}/stat`, 'utf8');
    const name = Number(id) === pid ? 'main thread' : /\((.*)\)/.exec(stat)![1]!;
    const fields = stat.split(') ')[1]!.split(' ');
    threads[name] = (threads[name] ?? 0) + (Number(fields[11]) + Number(fields[12])) * 10;
  }
  return threads;
}

const sum = (values: Record<string, number>) => Object.values(values).reduce((a, b) => a + b, 0);

function cuit(index: number): string {
  for (let body = 20_000_000 + index * 11; ; body++) {
    const digit = cuitCheckDigit(`30${body}`);
    if (digit !== undefined) return `30${body}${digit}`;
  }
}

buildIfChanged();
// BENCH_CPU_PROF=<dir>: the app writes a V8 CPU profile of the measured journeys there when it
// stops (scripts/cpu-profile-attribution.mjs says where the time went).
const profileDir = process.env.BENCH_CPU_PROF;
const app = await startSeededApp(4601, {
  TRUST_PROXY: PROXY_ADDRESS,
  LOG_LEVEL: 'warn',
  APP_ENV: 'demo',
  ...(profileDir
    ? {
        NODE_OPTIONS: `--import=${path.resolve('scripts/cpu-profile-on-exit.mjs')}`,
        CPU_PROFILE_DIR: path.resolve(profileDir),
      }
    : {}),
});
const pid = app.pid!;
const actions = wizardActionIds();
// Each step's CPU, all threads and the main thread's part (the rest: libuv's pool, where RSA keys
// are made, whether for the click or ahead of it, and V8's helpers).
const perStep = new Map<string, { all: number; main: number }>();
const perThread: Record<string, number> = {};
try {
  for (let i = 0; i <= JOURNEYS; i++) {
    if (i === 1 && profileDir) process.kill(pid, 'SIGUSR2');
    const code = cuit(i);
    const registration = await newRegistration(app.url, app.fixtures.sandbox, {
      name: `Proveedor ${i} SRL`,
      cuit: code,
    });
    const before = threadCpuMs(pid);
    let last = { all: sum(before), main: before['main thread'] ?? 0 };
    const supplier = {
      linkPath: registration.linkPath,
      cuit: code,
      alias: `step${i}`,
      address: `10.0.0.${i}`,
    };
    await supplierJourney(
      () => app.url,
      supplier,
      actions,
      (step) => {
        const threads = threadCpuMs(pid);
        const now = { all: sum(threads), main: threads['main thread'] ?? 0 };
        const so = perStep.get(step) ?? { all: 0, main: 0 };
        if (i > 0)
          perStep.set(step, {
            all: so.all + now.all - last.all,
            main: so.main + now.main - last.main,
          });
        last = now;
      },
    );
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const after = threadCpuMs(pid);
    if (i > 0)
      for (const [name, ms] of Object.entries(after))
        perThread[name] = (perThread[name] ?? 0) + ms - (before[name] ?? 0);
  }
} finally {
  await app.stop();
}
const column = (ms: number) => `${String(Math.round(ms / JOURNEYS)).padStart(5)} ms`;
console.log('  all threads  main thread  step');
for (const [step, ms] of perStep)
  console.log(`${column(ms.all)}     ${column(ms.main)}     ${step}`);
const threads = Object.entries(perThread).map(
  ([name, ms]) => `${name} ${Math.round(ms / JOURNEYS)} ms`,
);
console.log(`per journey: ${Math.round(sum(perThread) / JOURNEYS)} ms (${threads.join(', ')})`);
