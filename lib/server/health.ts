import type { IncomingMessage, ServerResponse } from 'node:http';
import { migrationStatus, type Db } from '@/lib/db';
import type { Runner } from '@/lib/transform';

export const HEALTH_PATHS = ['/healthz', '/readyz'] as const;

interface HealthOptions {
  getDb: () => Promise<Db>;
  /** The embedded runner; absent when jobs run in separate `npm run worker` processes (RUNNER=off). */
  runner?: Pick<Runner, 'isRunning' | 'lastLoopAt'>;
  /** A database that answers slower than this counts as down: a load balancer must not wait on it. */
  timeoutMs?: number;
  /** A runner whose claim loop has not gone round for this long is stuck (it goes round every second). */
  runnerStaleMs?: number;
  now?: () => number;
}

interface Check {
  ok: boolean;
  [detail: string]: unknown;
}

/**
 * `GET /healthz`: the process answers (liveness). `GET /readyz`: it can serve — the database answers,
 * has every migration this code ships, and the embedded runner is claiming jobs. Both unauthenticated
 * and cheap (one round trip to the database), answered before the per-address limits so that a load
 * balancer's probes never count against anyone.
 */
export function createHealthEndpoints(options: HealthOptions) {
  const timeoutMs = options.timeoutMs ?? 2_000;
  const runnerStaleMs = options.runnerStaleMs ?? 30_000;
  const now = options.now ?? Date.now;

  async function readiness(): Promise<Record<string, Check>> {
    const started = now();
    const database = await withTimeout(
      (async () => migrationStatus(await options.getDb()))(),
      timeoutMs,
    ).then(
      (status) => ({ ok: true as const, status }),
      (error: unknown) => ({ ok: false as const, error }),
    );
    const checks: Record<string, Check> = {
      database: database.ok
        ? { ok: true, ms: now() - started }
        : { ok: false, error: reason(database.error) },
      migrations: database.ok
        ? {
            ok: database.status.upToDate,
            expected: database.status.expected,
            applied: database.status.applied,
          }
        : { ok: false, error: 'database unavailable' },
    };
    checks.runner = runnerCheck(options.runner, runnerStaleMs, now());
    return checks;
  }

  return async function handleHealth(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const pathname = (req.url ?? '/').split('?', 1)[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain' }).end();
      return;
    }
    if (pathname === '/healthz') return answer(req, res, 200, { status: 'ok' });
    const checks = await readiness();
    const ready = Object.values(checks).every((check) => check.ok);
    answer(req, res, ready ? 200 : 503, { status: ready ? 'ready' : 'not_ready', checks });
  };
}

function runnerCheck(runner: HealthOptions['runner'], staleMs: number, at: number): Check {
  if (!runner) return { ok: true, mode: 'external' };
  const last = runner.lastLoopAt();
  const stale = !last || at - last.getTime() > staleMs;
  return {
    ok: runner.isRunning() && !stale,
    mode: 'embedded',
    ...(last ? { last_loop_at: last.toISOString() } : {}),
  };
}

function answer(req: IncomingMessage, res: ServerResponse, status: number, body: unknown) {
  const json = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(json),
    'Cache-Control': 'no-store',
  });
  res.end(req.method === 'HEAD' ? undefined : json);
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

// The probe's answer names what failed, never a connection string or a query.
function reason(error: unknown): string {
  if (error instanceof Error && error.message.startsWith('no answer within')) return error.message;
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? `database error ${code}` : 'database unreachable';
}
