import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '@/lib/db';
import type { BenchRow } from '../support/types';
import { cpuMs } from '../support/process-stats';
import {
  freshPostgres,
  postgresAdminUrl,
  postgresReachable,
  seed,
  startApiApp,
  startBaselineApi,
  supplier,
  type Seed,
} from '../support/api-fixtures';
import { bulkInsertEntries, sampleEntryIds } from '../support/bulk-entries';
import { load, warm, type LoadOptions, type LoadResult } from '../support/load';

const CONNECTIONS = 32;
const TARGET = { ratio: 0.6, p99Ms: 50 };
type Kind = 'pglite' | 'postgres';

interface Storage {
  seed: Seed;
  /** The app's environment (database and data folder). */
  env: Record<string, string>;
  baseline: { url?: string; pgliteDir?: string };
  cleanup(): Promise<void>;
}

/** A fresh, migrated and seeded database of the given kind. */
async function prepare(kind: Kind, role: string): Promise<Storage> {
  const dir = mkdtempSync(path.join(tmpdir(), `arca-bench-api-${role}-`));
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  if (kind === 'pglite') {
    const pgliteDir = path.join(dir, 'pglite');
    const database = await openDatabase({ dataDir: pgliteDir });
    const seeded = await seed(database.db);
    await database.close();
    return {
      seed: seeded,
      env: { DATA_DIR: dir },
      baseline: { pgliteDir },
      cleanup: async () => removeDir(),
    };
  }
  const fresh = await freshPostgres(`bench_api_${process.pid}_${role}`);
  const database = await openDatabase({ databaseUrl: fresh.url, dataDir: '', maxConnections: 2 });
  const seeded = await seed(database.db);
  await database.close();
  return {
    seed: seeded,
    env: { DATA_DIR: dir, DATABASE_URL: fresh.url },
    baseline: { url: fresh.url },
    cleanup: async () => (removeDir(), fresh.drop()),
  };
}

const operations = (s: Seed) => [
  {
    name: 'create entry: POST /silo/v1/entries',
    method: 'POST' as const,
    path: '/silo/v1/entries',
    body: JSON.stringify({ folder: 'suppliers', data: supplier('Proveedor Bench SA') }),
  },
  {
    name: 'fetch entry with meta: GET /silo/v1/entries/{id}',
    method: 'GET' as const,
    path: `/silo/v1/entries/${s.entryId}`,
  },
  {
    name: 'create job: POST /transform/v1/jobs',
    method: 'POST' as const,
    path: '/transform/v1/jobs',
    body: JSON.stringify({ workflow_id: s.workflowId, silo_entry_id: s.entryId }),
  },
];

const SECONDS = 8;

/** Load on one endpoint, and the serving process's CPU per request (robust to other load on the machine). */
async function run(
  server: { url: string; pid?: number },
  key: string,
  op: ReturnType<typeof operations>[number],
): Promise<LoadResult & { cpuMsPerRequest?: number }> {
  const options = {
    connections: CONNECTIONS,
    seconds: SECONDS,
    method: op.method,
    body: op.body,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
  };
  const probe = await fetch(server.url + op.path, {
    method: op.method,
    body: op.body,
    headers: options.headers,
  });
  if (!probe.ok)
    throw new Error(
      `${op.method} ${server.url}${op.path} answered ${probe.status}: ${await probe.text()}`,
    );
  await warm(server.url + op.path, options);
  const before = cpuMs(server.pid);
  const result = await load(server.url + op.path, options);
  const after = cpuMs(server.pid);
  const cpuMsPerRequest =
    before !== undefined && after !== undefined && result.rps > 0
      ? Math.round(((after - before) / (result.rps * SECONDS)) * 100) / 100
      : undefined;
  return { ...result, cpuMsPerRequest };
}

/** The three measured endpoints on one database, the app against its baseline, interleaved. */
async function compare(kind: Kind, ports: [number, number]): Promise<BenchRow[]> {
  const [forBaseline, forApp] = await Promise.all([prepare(kind, 'base'), prepare(kind, 'app')]);
  const baseline = await startBaselineApi(ports[0], forBaseline.baseline);
  const app = await startApiApp(ports[1], forApp.env);
  const driver = kind === 'pglite' ? 'PGlite' : 'pg';
  try {
    const rows: BenchRow[] = [];
    const baseOps = operations(forBaseline.seed);
    const appOps = operations(forApp.seed);
    for (let i = 0; i < appOps.length; i++) {
      const base = await run(baseline, forBaseline.seed.key, baseOps[i]!);
      const mine = await run(app, forApp.seed.key, appOps[i]!);
      const ratio = Math.round((mine.rps / base.rps) * 100) / 100;
      const met = ratio >= TARGET.ratio && mine.p99_ms < TARGET.p99Ms;
      rows.push({
        scenario: `${appOps[i]!.name} [${kind}]`,
        variant: `baseline: bare node:http, same prepared SQL (${driver})`,
        ...pick(base),
        note: [cpu(base), failures(base)].filter(Boolean).join('; '),
      });
      rows.push({
        scenario: `${appOps[i]!.name} [${kind}]`,
        variant: `app: ${app.how}`,
        ...pick(mine),
        ratio,
        note: [
          `target ≥ ${TARGET.ratio} and p99 < ${TARGET.p99Ms} ms: ${met ? 'met' : 'MISSED'}`,
          cpu(mine, base),
          failures(mine),
        ]
          .filter(Boolean)
          .join('; '),
      });
    }
    return rows;
  } finally {
    await Promise.all([baseline.stop(), app.stop()]);
    await Promise.all([forBaseline.cleanup(), forApp.cleanup()]);
  }
}

/** A fresh PostgreSQL database holding `total` entries (with their meta), served by the app. */
async function populated(role: string, total: number, port: number) {
  const fresh = await freshPostgres(`bench_api_${process.pid}_${role}`);
  const dir = mkdtempSync(path.join(tmpdir(), `arca-bench-api-${role}-`));
  const database = await openDatabase({ databaseUrl: fresh.url, dataDir: '', maxConnections: 2 });
  const started = Date.now();
  const s = await seed(database.db);
  await bulkInsertEntries(database.db, s.workspaceId, total);
  const seconds = Math.round((Date.now() - started) / 1000);
  const ids = await sampleEntryIds(database.db, 2_000);
  await database.close();
  const app = await startApiApp(port, { DATABASE_URL: fresh.url, DATA_DIR: dir });
  let next = 0;
  const options: LoadOptions = {
    connections: CONNECTIONS,
    seconds: 5,
    headers: { authorization: `Bearer ${s.key}` },
    setupRequest: (request) => ({
      ...request,
      path: `/silo/v1/entries/${ids[next++ % ids.length]}`,
    }),
  };
  const url = `${app.url}/silo/v1/entries/${s.entryId}`;
  return {
    seconds,
    measure: () => load(url, options),
    warm: () => warm(url, options),
    async close() {
      await app.stop();
      await fresh.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Fetch by id on PostgreSQL with 10 thousand and with 1 million entries in the table: two databases
 * side by side, measured in alternation (medians of three rounds) so other load on the machine hits both alike.
 */
async function fetchAtScale(ports: [number, number]): Promise<BenchRow[]> {
  const small = await populated('10k', 10_000, ports[0]);
  const large = await populated('1m', 1_000_000, ports[1]).catch(async (error: unknown) => {
    await small.close();
    throw error;
  });
  try {
    await small.warm();
    await large.warm();
    const rounds: [LoadResult, LoadResult][] = [];
    for (let i = 0; i < 3; i++) rounds.push([await small.measure(), await large.measure()]);
    const [atSmall, atLarge] = [median(rounds.map((r) => r[0])), median(rounds.map((r) => r[1]))];
    const ratio = Math.round((atLarge.rps / atSmall.rps) * 100) / 100;
    const flat = Math.abs(1 - ratio) <= 0.2;
    const scenario = 'fetch by id, random entries with meta [postgres]';
    return [
      {
        scenario,
        variant: 'app, 10 thousand entries (median of 3)',
        ...pick(atSmall),
        note: failures(atSmall),
      },
      {
        scenario,
        variant: 'app, 1 million entries (median of 3)',
        ...pick(atLarge),
        ratio,
        note: [
          `throughput within 20% of 10k: ${flat ? 'yes' : 'NO'}`,
          `bulk insert ${large.seconds} s`,
          failures(atLarge),
        ]
          .filter(Boolean)
          .join('; '),
      },
    ];
  } finally {
    await Promise.all([small.close(), large.close()]);
  }
}

function median(results: LoadResult[]): LoadResult {
  const middle = <K extends keyof LoadResult>(k: K) =>
    [...results].sort((a, b) => a[k] - b[k])[Math.floor(results.length / 2)]![k];
  return {
    rps: middle('rps'),
    p50_ms: middle('p50_ms'),
    p99_ms: middle('p99_ms'),
    errors: middle('errors'),
    non2xx: middle('non2xx'),
  };
}

/** Platform API v1: create entry, fetch entry with meta, create job; each against a bare baseline. */
export default async function apiScenario(): Promise<BenchRow[]> {
  const rows = await compare('pglite', [3311, 3312]);
  if (!(await postgresReachable()))
    return [
      ...rows,
      {
        scenario: 'api [postgres]',
        variant: 'skipped',
        note: `no PostgreSQL at ${postgresAdminUrl()}`,
      },
    ];
  rows.push(...(await compare('postgres', [3313, 3314])));
  rows.push(...(await fetchAtScale([3315, 3316])));
  return rows;
}

const pick = (r: LoadResult) => ({ rps: r.rps, p50_ms: r.p50_ms, p99_ms: r.p99_ms });
const cpu = (r: { cpuMsPerRequest?: number }, base?: { cpuMsPerRequest?: number }) =>
  r.cpuMsPerRequest === undefined
    ? undefined
    : `node CPU ${r.cpuMsPerRequest} ms/req${base?.cpuMsPerRequest ? ` (baseline/app CPU ${Math.round((base.cpuMsPerRequest / r.cpuMsPerRequest) * 100) / 100})` : ''}`;
const failures = (r: LoadResult) =>
  r.errors || r.non2xx ? `${r.errors} errors, ${r.non2xx} non-2xx` : undefined;
