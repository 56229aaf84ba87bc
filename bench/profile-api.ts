// `node --import tsx --import ./scripts/server-only.mjs bench/profile-api.ts [pglite|postgres] [--prof]
// [--only ping,create,fetch,job] [--seconds N] [--baseline]`: the API's CPU per request, endpoint by
// endpoint, on a freshly seeded workspace, served exactly as the API bench serves it
// (bench/support/api-server.ts: server.ts's own request listener). PostgreSQL is DATABASE_URL's
// database (a new workspace each run, nothing dropped); PGlite a temporary folder. CPU per request
// comes from /proc, which survives other load on the machine better than throughput does; the load
// average is printed with every figure. With --prof each endpoint gets its own server under
// `node --cpu-prof`, and bench/cpu-profile-layers.mjs attributes that profile by layer of the request
// path. With --baseline the bare node:http baseline (bench/support/baseline-api.ts) is measured too.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '@/lib/db';
import { TS_NODE_ARGS } from '../scripts/ts-node-args.mjs';
import { seed, startBaselineApi, supplier, type Seed } from './support/api-fixtures';
import { load, warm } from './support/load';
import { cpuMs } from './support/process-stats';
import { stopper, waitFor } from './support/servers';

const args = process.argv.slice(2);
const kind = args.includes('pglite') ? 'pglite' : 'postgres';
const profiling = args.includes('--prof');
const withBaseline = args.includes('--baseline');
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const seconds = Number(option('--seconds') ?? 8);
const only = option('--only')?.split(',');
const PORT = Number(process.env.PROFILE_PORT ?? 3399);

const operations = (s: Seed) =>
  [
    { name: 'ping', method: 'GET' as const, path: '/utils/v1/ping' },
    {
      name: 'create',
      method: 'POST' as const,
      path: '/silo/v1/entries',
      body: JSON.stringify({ folder: 'suppliers', data: supplier('Proveedor Bench SA') }),
    },
    { name: 'fetch', method: 'GET' as const, path: `/silo/v1/entries/${s.entryId}` },
    {
      name: 'job',
      method: 'POST' as const,
      path: '/transform/v1/jobs',
      body: JSON.stringify({ workflow_id: s.workflowId, silo_entry_id: s.entryId }),
    },
  ].filter((op) => !only || only.includes(op.name));

async function prepare(): Promise<{ seed: Seed; env: Record<string, string>; dir: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'arca-profile-api-'));
  if (kind === 'pglite') {
    const database = await openDatabase({ dataDir: path.join(dir, 'pglite') });
    const seeded = await seed(database.db);
    await database.close();
    return { seed: seeded, env: { DATA_DIR: dir }, dir };
  }
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('postgres: set DATABASE_URL to your own database');
  const database = await openDatabase({ databaseUrl: url, dataDir: '', maxConnections: 2 });
  const seeded = await seed(database.db);
  await database.close();
  return { seed: seeded, env: { DATA_DIR: dir, DATABASE_URL: url }, dir };
}

function startApp(env: Record<string, string>, profileDir?: string) {
  const child = spawn(
    process.execPath,
    [
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
      ...TS_NODE_ARGS,
      'bench/support/api-server.ts',
    ],
    {
      env: {
        ...process.env,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        API_RATE_LIMIT_PER_MINUTE: '1000000000',
        RUNNER: 'off',
        APP_ENV: 'demo',
        ...env,
        PORT: String(PORT),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${PORT}`;
  return {
    url,
    pid: child.pid,
    ready: waitFor(`${url}/utils/v1/ping`, child),
    stop: stopper(child),
  };
}

async function measure(
  server: { url: string; pid?: number },
  key: string,
  op: ReturnType<typeof operations>[number],
) {
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
  const prepared = await prepare();
  const ops = operations(prepared.seed);
  try {
    if (withBaseline) {
      const base = kind === 'pglite' ? await prepare() : prepared;
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
      const app = startApp(prepared.env);
      await app.ready;
      try {
        for (const op of ops) line('app', op.name, await measure(app, prepared.seed.key, op));
      } finally {
        await app.stop();
      }
      return;
    }
    for (const op of ops) {
      const profileDir = mkdtempSync(path.join(tmpdir(), `arca-profile-${op.name}-`));
      const app = startApp(prepared.env, profileDir);
      await app.ready;
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
