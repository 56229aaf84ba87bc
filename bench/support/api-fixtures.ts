import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createRegistrationLink } from '@/lib/registration';
import { createEntry } from '@/lib/silo';
import { createWorkflow } from '@/lib/transform';
import { createApiKey, createWorkspace } from '@/lib/workspaces';
import { openDatabase, type Db } from '@/lib/db';
import { stopper, waitFor, type RunningServer } from './servers';
import { APP_NODE_ARGS, TS_NODE_ARGS } from '../../scripts/ts-node-args.mjs';

export interface Seed {
  key: string;
  workspaceId: string;
  workflowId: string;
  /** An entry with one meta record (the registration link), as a registered supplier has. */
  entryId: string;
}

export const supplier = (name: string) => ({
  $schema: 'https://gobl.org/draft-0/org/party',
  name,
  tax_id: { country: 'AR', code: '30-71456123-1' },
});

/** A workspace with a key, a registration workflow and one supplier entry with its link. */
export async function seed(db: Db): Promise<Seed> {
  const workspace = await createWorkspace(db, { name: 'bench' });
  const key = await createApiKey(db, workspace.id, 'bench');
  const { workflow } = await createWorkflow(db, workspace.id, {
    template: 'ar-supplier-registration',
  });
  const { entry } = await createEntry(db, workspace.id, {
    body: { folder: 'suppliers', data: supplier('Proveedor Semilla SA') },
  });
  await createRegistrationLink(db, workspace.id, entry.id);
  return { key: key.token, workspaceId: workspace.id, workflowId: workflow.id, entryId: entry.id };
}

/** The four API requests the API benches measure, on a seeded workspace. */
export const apiOperations = (s: Seed) => [
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
];
export type ApiOperation = ReturnType<typeof apiOperations>[number];

/**
 * A workspace seeded for the API tools: in a new PGlite folder, or in DATABASE_URL's database (a new
 * workspace each run, nothing dropped). `env` points a server at it; `dir` is the temporary folder.
 */
export async function seedApiDatabase(
  kind: 'pglite' | 'postgres',
): Promise<{ seed: Seed; env: Record<string, string>; dir: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'arca-api-tool-'));
  const url = kind === 'postgres' ? process.env.DATABASE_URL : undefined;
  if (kind === 'postgres' && !url)
    throw new Error('postgres: set DATABASE_URL to your own database');
  const database = url
    ? await openDatabase({ databaseUrl: url, dataDir: '', maxConnections: 2 })
    : await openDatabase({ dataDir: path.join(dir, 'pglite') });
  const seeded = await seed(database.db);
  await database.close();
  return { seed: seeded, env: url ? { DATA_DIR: dir, DATABASE_URL: url } : { DATA_DIR: dir }, dir };
}

/** The server's maintenance database URL, from BENCH_POSTGRES_URL or DATABASE_URL, or the local default. */
export function postgresAdminUrl(): string {
  const url = new URL(
    process.env.BENCH_POSTGRES_URL ??
      process.env.DATABASE_URL ??
      'postgres://postgres@127.0.0.1:5432/postgres',
  );
  url.pathname = '/postgres';
  return url.toString();
}

/** A fresh, empty database on the bench's PostgreSQL server; `drop` removes it. */
export async function freshPostgres(name: string): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = postgresAdminUrl();
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`drop database if exists ${name} with (force)`);
  await run(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({
    connectionString: postgresAdminUrl(),
    connectionTimeoutMillis: 2000,
  });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

const benchEnv = (env: Record<string, string>) => ({
  LOG_LEVEL: 'warn',
  API_RATE_LIMIT_PER_MINUTE: '1000000000',
  RUNNER: 'off',
  APP_ENV: 'demo',
  ...env,
});

/**
 * The app for API benches: server.ts as `npm start` serves it when `.next` is built from the current
 * sources (without start.mjs, so a source change racing this check can never trigger a build),
 * otherwise the API alone on node:http exactly as server.ts mounts it.
 */
export async function startApiApp(
  port: number,
  env: Record<string, string>,
): Promise<RunningServer & { pid: number; how: string }> {
  const { isBuildCurrent } = await import('../../scripts/build-if-changed.mjs');
  const built = isBuildCurrent();
  const server = built
    ? await launchApp(port, 'server.ts', { ...env, NODE_ENV: 'production' })
    : await launchApp(port, 'bench/support/api-server.ts', env);
  return {
    ...server,
    how: built
      ? 'npm start server (server.ts, built .next)'
      : 'API alone on node:http (.next stale; same listener as server.ts)',
  };
}

/**
 * The API alone on node:http (bench/support/api-server.ts, server.ts's own listener) for the API
 * tools: from the checkout at `cwd` (this one by default), with `nodeArgs` before the entry (e.g.
 * `--cpu-prof`).
 */
export function startApiServer(
  port: number,
  env: Record<string, string>,
  options: { cwd?: string; nodeArgs?: string[] } = {},
): Promise<RunningServer & { pid: number }> {
  return launchApp(port, 'bench/support/api-server.ts', env, options);
}

/** An app entry started as `npm start` starts node (APP_NODE_ARGS), answering once ping does. */
async function launchApp(
  port: number,
  entry: string,
  env: Record<string, string>,
  options: { cwd?: string; nodeArgs?: string[] } = {},
): Promise<RunningServer & { pid: number }> {
  const child = spawn(
    process.execPath,
    [...APP_NODE_ARGS, ...(options.nodeArgs ?? []), ...TS_NODE_ARGS, entry],
    {
      cwd: options.cwd,
      env: { ...process.env, DATABASE_URL: '', ...benchEnv(env), PORT: String(port) },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/utils/v1/ping`, child);
  return { url, stop: stopper(child), pid: child.pid! };
}

/** The bare node:http baseline doing the same SQL with the same driver. */
export async function startBaselineApi(
  port: number,
  database: { url?: string; pgliteDir?: string },
): Promise<RunningServer> {
  const child = spawn(process.execPath, [...TS_NODE_ARGS, 'bench/support/baseline-api.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: database.url ?? '',
      PGLITE_DIR: database.pgliteDir ?? '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/`, child);
  return { url, stop: stopper(child), pid: child.pid };
}
