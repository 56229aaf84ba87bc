// `node --import tsx --import ./scripts/server-only.mjs bench/compare-api-cpu.ts <treeA> <treeB>
// [pglite|postgres] [--only ping,create,fetch,job] [--rounds N] [--seconds N] [--rate R] [--parallel]`:
// CPU per request (from /proc) of two checkouts' API servers (bench/support/api-server.ts run from
// each tree, e.g. a `git archive` of the commit before a change and this worktree), each on its own
// fresh workspace, round after round. With --parallel both are loaded at the same moment, so other
// work on the machine weighs on both alike; with --rate each gets that many requests a second
// (same throughput, so neither gains from batching more requests per event-loop turn). The summary
// gives each side's median and the median of the per-round ratios B/A. PostgreSQL is DATABASE_URL.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openDatabase } from '@/lib/db';
import { seed, supplier, type Seed } from './support/api-fixtures';
import { cpuMs } from './support/process-stats';
import { stopper, waitFor } from './support/servers';

const args = process.argv.slice(2);
const [treeA = '', treeB = ''] = args;
const kind = args.includes('pglite') ? 'pglite' : 'postgres';
const opt = (n: string) => (args.includes(n) ? args[args.indexOf(n) + 1] : undefined);
const only = (opt('--only') ?? 'ping,fetch').split(',');
const rounds = Number(opt('--rounds') ?? 3);
const seconds = Number(opt('--seconds') ?? 5);
const rate = opt('--rate') ? Number(opt('--rate')) : undefined;

async function prepare(): Promise<{ s: Seed; env: Record<string, string> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ab-'));
  if (kind === 'pglite') {
    const database = await openDatabase({ dataDir: path.join(dir, 'pglite') });
    const s = await seed(database.db);
    await database.close();
    return { s, env: { DATA_DIR: dir } };
  }
  const url = process.env.DATABASE_URL!;
  const database = await openDatabase({ databaseUrl: url, dataDir: '', maxConnections: 2 });
  const s = await seed(database.db);
  await database.close();
  return { s, env: { DATA_DIR: dir, DATABASE_URL: url } };
}
function start(tree: string, env: Record<string, string>, port: number) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--import', './scripts/server-only.mjs', 'bench/support/api-server.ts'],
    {
      cwd: tree,
      env: {
        ...process.env,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        API_RATE_LIMIT_PER_MINUTE: '1000000000',
        RUNNER: 'off',
        APP_ENV: 'demo',
        ...env,
        PORT: String(port),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    pid: child.pid!,
    ready: waitFor(`${url}/utils/v1/ping`, child),
    stop: stopper(child),
  };
}
const ops = (s: Seed) => ({
  ping: { method: 'GET' as const, path: '/utils/v1/ping' },
  create: {
    method: 'POST' as const,
    path: '/silo/v1/entries',
    body: JSON.stringify({ folder: 'suppliers', data: supplier('Proveedor Bench SA') }),
  },
  fetch: { method: 'GET' as const, path: `/silo/v1/entries/${s.entryId}` },
  job: {
    method: 'POST' as const,
    path: '/transform/v1/jobs',
    body: JSON.stringify({ workflow_id: s.workflowId, silo_entry_id: s.entryId }),
  },
});
async function run(
  url: string,
  pid: number,
  key: string,
  op: { method: 'GET' | 'POST'; path: string; body?: string },
  secs: number,
) {
  const before = cpuMs(pid)!;
  const r = await autocannon({
    url: url + op.path,
    connections: 32,
    duration: secs,
    method: op.method,
    body: op.body,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    ...(rate ? { overallRate: rate } : {}),
  });
  const n = r.requests.total;
  return {
    us: Math.round(((cpuMs(pid)! - before) * 1000) / n),
    rps: Math.round(r.requests.average),
    p99: r.latency.p99,
    bad: r.non2xx + r.errors,
  };
}
const a = await prepare(),
  b = await prepare();
const A = start(treeA, a.env, 3471),
  B = start(treeB, b.env, 3472);
await Promise.all([A.ready, B.ready]);
type Measured = Awaited<ReturnType<typeof run>>;
const results: Record<string, { A: number[]; B: number[] }> = {};
try {
  for (const name of only) {
    const oa = ops(a.s)[name as 'ping'],
      ob = ops(b.s)[name as 'ping'];
    await run(A.url, A.pid, a.s.key, oa, 2);
    await run(B.url, B.pid, b.s.key, ob, 2);
    results[name] = { A: [], B: [] };
    for (let i = 0; i < rounds; i++) {
      const runA = () => run(A.url, A.pid, a.s.key, oa, seconds);
      const runB = () => run(B.url, B.pid, b.s.key, ob, seconds);
      let pair: [Measured, Measured];
      if (args.includes('--parallel')) pair = await Promise.all([runA(), runB()]);
      else if (i % 2) {
        const second = await runB();
        pair = [await runA(), second];
      } else pair = [await runA(), await runB()];
      for (const [who, r] of [
        ['A', pair[0]],
        ['B', pair[1]],
      ] as const) {
        results[name]![who].push(r.us);
        console.log(
          `${kind} ${name.padEnd(6)} ${who} ${String(r.us).padStart(5)} µs/req ${String(r.rps).padStart(6)}/s p99 ${r.p99} ${r.bad ? r.bad + ' bad ' : ''}load ${loadavg()[0]!.toFixed(1)}`,
        );
      }
    }
  }
} finally {
  await Promise.all([A.stop(), B.stop()]);
}
const med = (x: number[]) => [...x].sort((p, q) => p - q)[Math.floor(x.length / 2)]!;
for (const [name, r] of Object.entries(results))
  console.log(
    `SUMMARY ${kind} ${name}: A median ${med(r.A)} µs [${r.A}]  B median ${med(r.B)} µs [${r.B}]  B/A ${(med(r.B) / med(r.A)).toFixed(2)}, per-round B/A median ${med(r.A.map((x, i) => r.B[i]! / x)).toFixed(2)}`,
  );
process.exit(0);
