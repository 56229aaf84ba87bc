// N app instances and `npm run worker` processes on one PostgreSQL, as `npm run start:cluster` runs
// them; the load bench and the integration suites start theirs through this module too.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { APP_NODE_ARGS, TS_NODE_ARGS } from './ts-node-args.mjs';

const KEPT_LINES = 40;

/**
 * Starts `instances` app instances (RUNNER=off, one port each) and `workers` worker processes on
 * `databaseUrl`, and resolves once every instance answers /healthz and every worker is claiming.
 * The build must be current (buildIfChanged). A child that exits before `stop()` rejects `failed`.
 * @param {import('./cluster.d.mts').ClusterOptions} options
 * @returns {Promise<import('./cluster.d.mts').Cluster>}
 */
export async function startCluster(options) {
  const { databaseUrl, ports, workerPorts = [], env = {}, output = 'prefixed' } = options;
  const workers = options.workers ?? Math.max(1, workerPorts.length);
  const readyMs = options.readyTimeoutMs ?? 300_000;
  if (!databaseUrl)
    throw new Error(
      'a cluster needs PostgreSQL (DATABASE_URL): the embedded database belongs to one process',
    );
  if (ports.length === 0) throw new Error('a cluster needs at least one instance port');
  if (workerPorts.length > 0 && workerPorts.length !== workers)
    throw new Error(`${workers} worker(s) need as many worker ports, not ${workerPorts.length}`);
  const shared = { ...process.env, ...env, DATABASE_URL: databaseUrl, RUNNER: 'off' };
  // One WORKER_PORT for several workers would stop all but the first at start.
  delete shared.WORKER_PORT;
  const children = [
    ...ports.map((port, i) =>
      launch(
        `app-${i + 1}`,
        'server.ts',
        { ...shared, NODE_ENV: 'production', PORT: String(port) },
        output,
      ),
    ),
    // PORT only sets the worker's defaults that name the app (registration links, the simulated ARCA).
    ...Array.from({ length: workers }, (_, i) =>
      launch(
        `worker-${i + 1}`,
        'scripts/cli/worker.ts',
        {
          ...shared,
          PORT: String(ports[0]),
          ...(workerPorts[i] ? { WORKER_PORT: String(workerPorts[i]) } : {}),
        },
        output,
      ),
    ),
  ];
  let stopping = false;
  /** @type {Promise<never>} */
  const failed = Promise.race(
    children.map((child) =>
      child.exited.then(({ code, signal }) => {
        if (stopping) return new Promise(() => undefined);
        throw new Error(
          `${child.name} exited (${signal ?? `code ${code}`}):\n${child.lastLines().join('\n')}`,
        );
      }),
    ),
  );
  failed.catch(() => undefined);
  const stop = async (signal = 'SIGTERM') => {
    stopping = true;
    await Promise.all(children.map((child) => child.stop(signal)));
  };
  try {
    await Promise.race([
      Promise.all(
        children.map((child) =>
          (child.name.startsWith('app-')
            ? waitForHealth(`http://127.0.0.1:${child.port}`, readyMs)
            : child.printed(/worker (\S+) running/)
          ).catch((error) => {
            throw new Error(`${child.name}: ${error.message}:\n${child.lastLines().join('\n')}`);
          }),
        ),
      ),
      failed,
    ]);
  } catch (error) {
    await stop('SIGKILL');
    throw error;
  }
  const byName = (prefix) =>
    children.filter((child) => child.name.startsWith(prefix)).map((child) => child.handle);
  return {
    instances: byName('app-').map((handle, i) => ({
      ...handle,
      port: ports[i],
      url: `http://127.0.0.1:${ports[i]}`,
    })),
    workers: byName('worker-').map((handle, i) =>
      workerPorts[i]
        ? { ...handle, port: workerPorts[i], url: `http://127.0.0.1:${workerPorts[i]}` }
        : handle,
    ),
    failed,
    stop,
  };
}

/** One child process whose output is read line by line (prefixed with its name, or only kept). */
function launch(name, entry, env, output) {
  // Its own process group: a terminal's Ctrl+C reaches only the caller, which stops each child once
  // (server.ts and the worker handle one SIGINT/SIGTERM; a second would kill them mid-shutdown).
  const child = spawn(process.execPath, [...APP_NODE_ARGS, ...TS_NODE_ARGS, entry], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const kept = [];
  const waiters = new Set();
  const onLine = (stream) => (line) => {
    kept.push(line);
    if (kept.length > KEPT_LINES) kept.shift();
    if (output === 'prefixed') stream.write(`[${name}] ${line}\n`);
    for (const waiter of waiters) waiter(line);
  };
  createInterface({ input: child.stdout }).on('line', onLine(process.stdout));
  createInterface({ input: child.stderr }).on('line', onLine(process.stderr));
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const stop = async (signal) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return {
    name,
    port: Number(env.PORT),
    exited,
    stop,
    lastLines: () => [...kept],
    printed: (pattern) =>
      new Promise((resolve) => {
        const waiter = (line) => {
          const match = pattern.exec(line);
          if (match) {
            waiters.delete(waiter);
            resolve(match[1]);
          }
        };
        waiters.add(waiter);
      }),
    handle: { name, pid: child.pid, exited, stop, lastLines: () => [...kept] },
  };
}

async function waitForHealth(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await fetch(`${url}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${url} did not answer /healthz in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
