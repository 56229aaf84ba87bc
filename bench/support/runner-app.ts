import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { APP_NODE_ARGS, TS_NODE_ARGS } from '../../scripts/ts-node-args.mjs';

export interface RunnerApp {
  url: string;
  token: string;
  workflowId: string;
  webhookWorkflowId: string;
  entryIds: string[];
  stats(): Promise<{ jobs: number; parked: number; last_parked: string | null }>;
  stop(): Promise<void>;
}

/** bench/support/runner-server.ts as a child process, on a fresh PGlite folder or the given PostgreSQL. */
export async function startRunnerApp(
  port: number,
  options: { databaseUrl?: string; entries: number; webhookUrl: string },
): Promise<RunnerApp> {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...APP_NODE_ARGS,
      ...TS_NODE_ARGS,
      'bench/support/runner-server.ts',
      String(port),
      String(options.entries),
      options.webhookUrl,
    ],
    {
      env: {
        ...process.env,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'arca-bench-runner-')),
        DATABASE_URL: options.databaseUrl ?? '',
        LOG_LEVEL: 'warn',
        APP_ENV: 'demo',
        WEBHOOK_ALLOW_PRIVATE: 'true',
        API_RATE_LIMIT_PER_MINUTE: '100000000',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const setup = await new Promise<Omit<RunnerApp, 'url' | 'stats' | 'stop'>>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      // Only a complete line: the setup (thousands of entry ids) arrives in several chunks.
      const line = out
        .split('\n')
        .slice(0, -1)
        .find((l) => l.startsWith('{"token"'));
      if (line) resolve(JSON.parse(line));
    });
    child.once('exit', (code) => reject(new Error(`bench runner server exited with ${code}`)));
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    ...setup,
    stats: async () =>
      (await (await fetch(`${url}/bench/stats`)).json()) as Awaited<ReturnType<RunnerApp['stats']>>,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      }),
  };
}

/** A fresh PostgreSQL database beside the one in `adminUrl`, dropped by the returned function. */
export async function createScratchDatabase(
  adminUrl: string,
  name: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
