// `node --import tsx --import ./scripts/server-only.mjs bench/memory-composition.ts [crowds]`: what the
// PGlite instance's memory is made of, and what grows with the registrations it serves. Starts the
// app as the journeys bench does (one `npm start` process, PGlite, the simulated ARCA in process),
// then runs crowds of suppliers at once through the whole wizard (`crowds`: sizes separated by
// commas, default 100,100,100), and after each prints the peak RSS over it (VmHWM, started over
// before it), the RSS after it, the resident memory by mapping kind (/proc/<pid>/smaps) and what the
// process says of itself (bench/support/memory-probe.mjs: V8's heap, external memory, PGlite's WASM
// memory), before and after a full garbage collection. MEMORY_PROBE_SNAPSHOT=1 also writes a heap
// snapshot after each crowd (into the temporary folder it prints).
import { mkdtempSync, readFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { cuitCheckDigit } from '@/lib/arca';
import { buildIfChanged } from '../scripts/build-if-changed.mjs';
import { cpuMs, peakRssMib, resetPeakRss } from './support/process-stats';
import { newRegistration } from './support/registration-link';
import { startSeededApp } from './support/seeded-app';
import { PROXY_ADDRESS } from './support/supplier-browser';
import { supplierJourney, wizardActionIds } from './support/supplier-journey';

const CROWDS = (process.argv[2] ?? '100,100,100').split(',').map(Number);
const MiB = 1024 * 1024;
const probeDir = mkdtempSync(path.join(tmpdir(), 'arca-memory-'));
const probeFile = path.join(probeDir, 'probe.jsonl');

/** Resident memory by kind of mapping, in MiB, from /proc/<pid>/smaps. */
function residentByKind(pid: number): Record<string, number> {
  const mappings: { start: number; end: number; perms: string; name: string; rss: number }[] = [];
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const header = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (header)
      mappings.push({
        start: parseInt(header[1]!, 16),
        end: parseInt(header[2]!, 16),
        perms: header[3]!,
        name: header[4]!,
        rss: 0,
      });
    const rss = /^Rss:\s+(\d+) kB$/.exec(line);
    if (rss) mappings.at(-1)!.rss += Number(rss[1]) / 1024;
  }
  const kinds: Record<string, number> = {};
  mappings.forEach(({ start, end, name, rss }, i) => {
    const next = mappings[i + 1];
    let kind: string;
    // V8 reserves 8 GiB and more for each WebAssembly memory (its bounds checks are guard pages):
    // the part grown so far is readable, the rest an inaccessible mapping right after it.
    if (
      !name &&
      next &&
      next.start === end &&
      next.perms.startsWith('---') &&
      next.end - start >= 4 * 1024 * MiB
    )
      kind = 'wasm memory';
    else if (name === '[heap]') kind = 'malloc (brk heap)';
    // glibc's other arenas are 64 MiB-aligned reservations of at most 64 MiB.
    else if (!name && start % (64 * MiB) === 0 && end - start <= 64 * MiB) kind = 'malloc arenas';
    else if (!name) kind = 'other anonymous (V8 heap, large mallocs)';
    else if (name.startsWith('[')) kind = name;
    else kind = 'files (code, libraries)';
    kinds[kind] = (kinds[kind] ?? 0) + rss;
  });
  return Object.fromEntries(
    Object.entries(kinds)
      .filter(([, value]) => value >= 0.5)
      .map(([key, value]) => [key, Math.round(value)]),
  );
}

function rssMib(pid: number): number {
  const line = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Math.round(Number(line![1]) / 1024);
}

async function probe(pid: number): Promise<Record<string, unknown>> {
  const before = readLines().length;
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 600; i++) {
    const lines = readLines();
    if (lines.length > before) return JSON.parse(lines.at(-1)!);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the memory probe did not answer');
}

function readLines(): string[] {
  try {
    return readFileSync(probeFile, 'utf8').trim().split('\n').filter(Boolean);
  } catch {
    return [];
  }
}

function cuit(index: number): string {
  for (let body = 40_000_000 + index * 11; ; body++) {
    const digit = cuitCheckDigit(`30${body}`);
    if (digit !== undefined) return `30${body}${digit}`;
  }
}

buildIfChanged();
const app = await startSeededApp(4621, {
  TRUST_PROXY: PROXY_ADDRESS,
  LOG_LEVEL: 'warn',
  APP_ENV: 'demo',
  NODE_OPTIONS: [
    process.env.NODE_OPTIONS ?? '',
    `--import=${path.resolve('bench/support/memory-probe.mjs')}`,
  ].join(' '),
  MEMORY_PROBE_FILE: probeFile,
  MEMORY_PROBE_GC: '1',
});
const pid = app.pid!;
const actions = wizardActionIds();
let served = 0;
const report = async (label: string, peak: number | undefined) => {
  const byKind = residentByKind(pid);
  const rss = rssMib(pid);
  const inside = await probe(pid);
  console.log(
    JSON.stringify({
      label,
      served,
      peakRss: peak,
      rss,
      byKind,
      afterGc: residentByKind(pid),
      inside,
    }),
  );
};
try {
  await report('started', peakRssMib(pid));
  for (const size of CROWDS) {
    const registrations = [];
    for (let i = 0; i < size; i += 10)
      registrations.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(10, size - i) }, async (_, j) => {
            const code = cuit(served + i + j);
            return {
              code,
              ...(await newRegistration(app.url, app.fixtures.sandbox, {
                name: `Proveedor ${served + i + j} SRL`,
                cuit: code,
              })),
            };
          }),
        )),
      );
    resetPeakRss(pid);
    const cpuBefore = cpuMs(pid)!;
    const load = os.loadavg()[0]!.toFixed(1);
    const results = await Promise.allSettled(
      registrations.map((registration, i) =>
        supplierJourney(
          () => app.url,
          {
            linkPath: registration.linkPath,
            cuit: registration.code,
            alias: `mem${registration.code}`,
            address: `10.1.${((served + i) >> 8) & 255}.${(served + i) & 255}`,
          },
          actions,
          () => undefined,
        ),
      ),
    );
    // The runner's follow-up work after the last click.
    await new Promise((r) => setTimeout(r, 5_000));
    served += size;
    const cpuPerRegistration = Math.round((cpuMs(pid)! - cpuBefore) / size);
    const failed = results.filter((r) => r.status === 'rejected').length;
    await report(
      `after ${size} at once (${failed} failed; ${cpuPerRegistration} ms of CPU each; load ${load} → ${os.loadavg()[0]!.toFixed(1)})`,
      peakRssMib(pid),
    );
  }
} finally {
  await app.stop();
}
console.log(`probe lines (and heap snapshots, if asked): ${probeDir}`);
