import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { APP_NODE_ARGS } from '../../scripts/ts-node-args.mjs';

export interface SeededApp {
  url: string;
  fixtures: Record<'sandbox' | 'live', { workspaceId: string; apiKey: string; workflowId: string }>;
  stop(): Promise<void>;
  /** The serving process, for CPU and memory accounting. */
  pid: number | undefined;
}

/**
 * The app as the e2e tests run it: a fresh embedded database with seeded workspaces, then `npm start`.
 * `env` is added to its environment.
 */
export async function startSeededApp(
  port: number,
  env: Record<string, string> = {},
): Promise<SeededApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'arca-bench-wizard-'));
  const child = spawn(process.execPath, [...APP_NODE_ARGS, 'tests/e2e/support/start-server.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      APP_ENV: 'demo',
      API_RATE_LIMIT_PER_MINUTE: '1000000000',
      REG_PAGE_VIEWS_PER_MINUTE: '1000000000',
      PAGE_REQUESTS_PER_MINUTE: '1000000000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`seeded app exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('seeded app did not start');
    if (
      await fetch(`${url}/openapi.json`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    url,
    pid: child.pid,
    fixtures: JSON.parse(readFileSync(path.join(dataDir, 'e2e-fixtures.json'), 'utf8')),
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      }),
  };
}
