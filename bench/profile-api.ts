// `node --import tsx --import ./scripts/server-only.mjs bench/profile-api.ts [pglite|postgres] [--prof]
// [--only ping,create,fetch,job] [--seconds N] [--baseline]`: the API's CPU per request, endpoint by
// endpoint, on a freshly seeded workspace, served exactly as the API bench serves it
// (bench/support/api-server.ts: server.ts's own request listener). PostgreSQL is DATABASE_URL's
// database (a new workspace each run, nothing dropped); PGlite a temporary folder. CPU per request
// comes from /proc, which survives other load on the machine better than throughput does; the load
// average is printed with every figure. With --prof each endpoint gets its own server under
// `node --cpu-prof`, and bench/cpu-profile-layers.mjs attributes that profile by layer of the request
// path. With --baseline the bare node:http baseline (bench/support/baseline-api.ts) is measured too.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import {
  apiOperations,
  seedApiDatabase,
  startApiServer,
  startBaselineApi,
  type ApiOperation,
  type Seed,
} from './support/api-fixtures';
import { load, warm } from './support/load';
import { cpuMs } from './support/process-stats';

const args = process.argv.slice(2);
const kind = args.includes('pglite') ? 'pglite' : 'postgres';
const profiling = args.includes('--prof');
const withBaseline = args.includes('--baseline');
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const seconds = Number(option('--seconds') ?? 8);
const only = option('--only')?.split(',');
const PORT = Number(process.env.PROFILE_PORT ?? 3399);

const operations = (s: Seed) => apiOperations(s).filter((op) => !only || only.includes(op.name));

async function measure(server: { url: string; pid?: number }, key: string, op: ApiOperation) {
  const options = {
    connections: 32,
    seconds,
    method: op.method,
    body: op.body,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
  };
  await warm(server.url + op.path, options);
  const before = cpuMs(server.pid)!;
  const result = await load(server.url + op.path, options);
  const cpu = (cpuMs(server.pid)! - before) / (result.rps * seconds);
  return { ...result, cpuUsPerRequest: Math.round(cpu * 1000), requests: result.rps * seconds };
}

const load1 = () => loadavg()[0]!.toFixed(1);
const line = (who: string, op: string, r: Awaited<ReturnType<typeof measure>>) =>
  console.log(
    `${kind.padEnd(8)} ${who.padEnd(8)} ${op.padEnd(6)} ${String(r.rps).padStart(6)}/s p99 ${String(r.p99_ms).padStart(3)} ms  CPU ${String(r.cpuUsPerRequest).padStart(4)} µs/req  ${r.errors + r.non2xx ? `${r.errors} errors ${r.non2xx} non-2xx  ` : ''}load ${load1()}`,
  );

async function main() {
  const prepared = await seedApiDatabase(kind);
  const ops = operations(prepared.seed);
  try {
    if (withBaseline) {
      const base = kind === 'pglite' ? await seedApiDatabase(kind) : prepared;
      const baseline = await startBaselineApi(PORT + 1, {
        url: base.env.DATABASE_URL,
        pgliteDir: kind === 'pglite' ? path.join(base.dir, 'pglite') : undefined,
      });
      try {
        for (const op of operations(base.seed).filter((o) => o.name !== 'ping'))
          line('baseline', op.name, await measure(baseline, base.seed.key, op));
      } finally {
        await baseline.stop();
        if (base !== prepared) rmSync(base.dir, { recursive: true, force: true });
      }
    }
    if (!profiling) {
      const app = await startApiServer(PORT, prepared.env);
      try {
        for (const op of ops) line('app', op.name, await measure(app, prepared.seed.key, op));
      } finally {
        await app.stop();
      }
      return;
    }
    for (const op of ops) {
      const profileDir = mkdtempSync(path.join(tmpdir(), `arca-profile-${op.name}-`));
      const app = await startApiServer(PORT, prepared.env, {
        nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
      });
      const result = await measure(app, prepared.seed.key, op);
      await app.stop();
      line('app', op.name, result);
      const main = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'))!;
      // The layers of the measured seconds only: the warm-up and the shutdown stay out.
      const layers = spawnSync(
        process.execPath,
        [
          'bench/cpu-profile-layers.mjs',
          path.join(profileDir, main),
          String(Math.round((result.requests * (seconds - 1)) / seconds)),
        ],
        { env: { ...process.env, WINDOW: String(seconds - 1) }, encoding: 'utf8' },
      );
      console.log(layers.stdout + layers.stderr);
      console.log(`  profile: ${path.join(profileDir, main)}`);
    }
  } finally {
    rmSync(prepared.dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
