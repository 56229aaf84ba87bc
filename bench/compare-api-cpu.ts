// `node --import tsx --import ./scripts/server-only.mjs bench/compare-api-cpu.ts <treeA> <treeB>
// [pglite|postgres] [--only ping,create,fetch,job] [--rounds N] [--seconds N] [--rate R] [--parallel]`:
// CPU per request (from /proc) of two checkouts' API servers (bench/support/api-server.ts run from
// each tree, e.g. a `git archive` of the commit before a change and this worktree), each on its own
// fresh workspace, round after round. With --parallel both are loaded at the same moment, so other
// work on the machine weighs on both alike; with --rate each gets that many requests a second
// (same throughput, so neither gains from batching more requests per event-loop turn). The summary
// gives each side's median and the median of the per-round ratios B/A. PostgreSQL is DATABASE_URL.
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { apiOperations, seedApiDatabase, startApiServer, type Seed } from './support/api-fixtures';
import { cpuMs } from './support/process-stats';

const args = process.argv.slice(2);
const [treeA = '', treeB = ''] = args;
const kind = args.includes('pglite') ? 'pglite' : 'postgres';
const opt = (n: string) => (args.includes(n) ? args[args.indexOf(n) + 1] : undefined);
const only = (opt('--only') ?? 'ping,fetch').split(',');
const rounds = Number(opt('--rounds') ?? 3);
const seconds = Number(opt('--seconds') ?? 5);
const rate = opt('--rate') ? Number(opt('--rate')) : undefined;

const ops = (s: Seed) => Object.fromEntries(apiOperations(s).map((op) => [op.name, op]));
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
const a = await seedApiDatabase(kind),
  b = await seedApiDatabase(kind);
const [A, B] = await Promise.all([
  startApiServer(3471, a.env, { cwd: treeA }),
  startApiServer(3472, b.env, { cwd: treeB }),
]);
type Measured = Awaited<ReturnType<typeof run>>;
const results: Record<string, { A: number[]; B: number[] }> = {};
try {
  for (const name of only) {
    const oa = ops(a.seed)[name]!,
      ob = ops(b.seed)[name]!;
    await run(A.url, A.pid, a.seed.key, oa, 2);
    await run(B.url, B.pid, b.seed.key, ob, 2);
    results[name] = { A: [], B: [] };
    for (let i = 0; i < rounds; i++) {
      const runA = () => run(A.url, A.pid, a.seed.key, oa, seconds);
      const runB = () => run(B.url, B.pid, b.seed.key, ob, seconds);
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
