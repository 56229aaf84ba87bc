import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
  /** The serving process, for CPU accounting. */
  pid?: number;
}

export async function waitFor(url: string, child: ChildProcess, seconds = 180): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server for ${url} exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server for ${url} did not answer within ${seconds}s`);
}

export function stopper(child: ChildProcess) {
  return () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    });
}

/** The app exactly as `npm start` serves it, on its own fresh embedded database unless a URL is given. */
export async function startApp(
  port: number,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'arca-bench-'));
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      APP_ENV: 'demo',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/utils/v1/ping`, child);
  return { url, stop: stopper(child) };
}

/** The baseline API: a bare node:http server answering the same JSON. */
export async function startBareNode(port: number): Promise<RunningServer> {
  const code = `require('node:http').createServer((req, res) => { const body = JSON.stringify({ ping: 'pong' }); res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }); res.end(body); }).listen(${port}, '127.0.0.1');`;
  const child = spawn(process.execPath, ['-e', code], { stdio: 'inherit' });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(url, child);
  return { url, stop: stopper(child) };
}

/** The baseline page: a bare static Next.js page served by `next start` (built once). */
export async function startStaticNext(port: number): Promise<RunningServer> {
  const dir = path.join(process.cwd(), 'bench/static-next');
  if (!existsSync(path.join(dir, '.next/BUILD_ID'))) {
    const build = spawnSync('npx', ['next', 'build', dir], {
      stdio: 'inherit',
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
    });
    if (build.status !== 0) throw new Error('could not build the static Next.js baseline');
  }
  // Node runs Next's CLI directly (not through npx) so stopping the child stops the server.
  const child = spawn(
    process.execPath,
    ['node_modules/next/dist/bin/next', 'start', dir, '-p', String(port), '-H', '127.0.0.1'],
    {
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitFor(url, child);
  return { url, stop: stopper(child) };
}
