import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach } from 'vitest';
import { TS_NODE_ARGS } from '../../../scripts/ts-node-args.mjs';

export interface WorkerProcess {
  child: ChildProcess;
  /** The runner id the worker printed (its lease owner in transform_jobs). */
  id: string;
  /** kill -9: no shutdown hook runs, leases stay held until they expire. */
  crash(): Promise<void>;
  stop(): Promise<void>;
}

/** `npm run worker` as a real child process on the given PostgreSQL, with a short lease. */
export async function startWorker(
  databaseUrl: string,
  leaseMs: number,
  env: Record<string, string> = {},
): Promise<WorkerProcess> {
  const child = spawn(process.execPath, [...TS_NODE_ARGS, 'scripts/cli/worker.ts'], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      RUNNER_LEASE_MS: String(leaseMs),
      LOG_LEVEL: 'warn',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const id = await new Promise<string>((resolve, reject) => {
    let out = '';
    // A worker that never said it runs may still start later: killed, it cannot take a later test's jobs.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`worker did not start: ${out}`));
    }, 90_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const match = /worker (\S+) running/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}: ${out}`)));
  });
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    await exited;
  };
  return { child, id, crash: () => signal('SIGKILL'), stop: () => signal('SIGTERM') };
}

/**
 * A suite's way to start workers: each one started in a test is killed (kill -9) after that test, as
 * a worker left running would claim the next test's jobs beside the one that test kills. Call it in
 * the describe body; `env` is read at each start (the suite's simulator exists by then).
 */
export function workersPerTest(
  databaseUrl: string | undefined,
  leaseMs: number,
  env: () => Record<string, string> = () => ({}),
): (extraEnv?: Record<string, string>) => Promise<WorkerProcess> {
  const workers: WorkerProcess[] = [];
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.crash()));
  });
  return async (extraEnv = {}) => {
    const worker = await startWorker(databaseUrl!, leaseMs, { ...env(), ...extraEnv });
    workers.push(worker);
    return worker;
  };
}
