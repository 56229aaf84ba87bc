import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { load, warm } from '../support/load';
import { createScratchDatabase, startRunnerApp, type RunnerApp } from '../support/runner-app';
import { percentile } from '../support/percentile';
import type { BenchRow } from '../support/types';

const CONNECTIONS = 32;
const SECONDS = 8;
// A steady rate each database sustains with room to spare: latency, not throughput, is measured.
const WEBHOOK_JOBS_PER_SECOND = { PGlite: 20, PostgreSQL: 50 } as const;
const PG_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * The runner: jobs per second from POST /transform/v1/jobs to parked at the wait step, and webhook
 * latency from job creation to receipt at a local receiver; on PGlite and on a scratch PostgreSQL.
 */
export default async function runnerScenario(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const receiver = await startLatencyReceiver();
  try {
    rows.push(...(await measure('PGlite', undefined, receiver)));
    const scratch = await createScratchDatabase(PG_ADMIN_URL, `bench_runner_${process.pid}`).catch(
      () => undefined,
    );
    if (!scratch)
      rows.push({
        scenario: 'runner',
        variant: 'PostgreSQL',
        note: `skipped: no PostgreSQL at ${PG_ADMIN_URL}`,
      });
    else {
      try {
        rows.push(...(await measure('PostgreSQL', scratch.url, receiver)));
      } finally {
        await scratch.drop();
      }
    }
  } finally {
    receiver.close();
  }
  return rows;
}

async function measure(
  label: keyof typeof WEBHOOK_JOBS_PER_SECOND,
  databaseUrl: string | undefined,
  receiver: LatencyReceiver,
): Promise<BenchRow[]> {
  const app = await startRunnerApp(3211, { databaseUrl, entries: 4_000, webhookUrl: receiver.url });
  try {
    return [await parkedThroughput(label, app), await webhookLatency(label, app, receiver)];
  } finally {
    await app.stop();
  }
}

async function parkedThroughput(label: string, app: RunnerApp): Promise<BenchRow> {
  let next = 0;
  const options = {
    connections: CONNECTIONS,
    method: 'POST' as const,
    headers: { authorization: `Bearer ${app.token}`, 'content-type': 'application/json' },
    setupRequest: (request: import('autocannon').Request) => ({
      ...request,
      body: JSON.stringify({
        workflow_id: app.workflowId,
        silo_entry_id: app.entryIds[next++ % app.entryIds.length],
      }),
    }),
  };
  await warm(`${app.url}/transform/v1/jobs`, options);
  await allParked(app);
  const before = await app.stats();
  const started = Date.now();
  const run = await load(`${app.url}/transform/v1/jobs`, { ...options, seconds: SECONDS });
  const after = await allParked(app);
  const parked = after.parked - before.parked;
  const seconds = (Date.parse(after.last_parked!) - started) / 1000;
  const jobsPerSecond = Math.round(parked / seconds);
  return {
    scenario: 'POST /transform/v1/jobs → parked at wait step',
    variant: `${label} (target ≥ 200 jobs/s on PostgreSQL)`,
    rps: jobsPerSecond,
    p50_ms: run.p50_ms,
    p99_ms: run.p99_ms,
    note: `${parked} jobs parked in ${seconds.toFixed(1)} s; POST ${run.rps}/s${run.errors || run.non2xx ? `; ${run.errors} errors, ${run.non2xx} non-2xx` : ''}`,
  };
}

async function allParked(app: RunnerApp) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const stats = await app.stats();
    if (stats.parked >= stats.jobs) return stats;
    if (Date.now() > deadline) throw new Error(`only ${stats.parked} of ${stats.jobs} jobs parked`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Open loop at a steady rate (a healthy receiver, no backlog): creation → receipt per job. */
async function webhookLatency(
  label: keyof typeof WEBHOOK_JOBS_PER_SECOND,
  app: RunnerApp,
  receiver: LatencyReceiver,
): Promise<BenchRow> {
  const rate = WEBHOOK_JOBS_PER_SECOND[label];
  const total = rate * SECONDS;
  const sent = new Map<string, number>();
  receiver.arrivals.clear();
  const posts: Promise<unknown>[] = [];
  for (let i = 0; i < total; i++) {
    const key = `bench-${label}-${i}-${Date.now()}`;
    sent.set(key, performance.now());
    posts.push(
      fetch(`${app.url}/transform/v1/jobs`, {
        method: 'POST',
        headers: { authorization: `Bearer ${app.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          workflow_id: app.webhookWorkflowId,
          silo_entry_id: app.entryIds[i % app.entryIds.length],
          key,
        }),
      }).then((r) => r.arrayBuffer()),
    );
    await new Promise((r) => setTimeout(r, 1000 / rate));
  }
  await Promise.all(posts);
  const deadline = Date.now() + 30_000;
  while (receiver.arrivals.size < total && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 50));
  const samples = [...sent].flatMap(([key, at]) =>
    receiver.arrivals.has(key) ? [receiver.arrivals.get(key)! - at] : [],
  );
  return {
    scenario: 'webhook: job created → received',
    variant: `${label} (target p99 < 250 ms)`,
    p50_ms: percentile(samples, 50),
    p99_ms: percentile(samples, 99),
    note: `${samples.length}/${total} delivered at ${rate} jobs/s`,
  };
}

interface LatencyReceiver {
  url: string;
  /** Arrival time (performance.now()) by the job's key. */
  arrivals: Map<string, number>;
  close(): void;
}

async function startLatencyReceiver(): Promise<LatencyReceiver> {
  const arrivals = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const key = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { key: string }).key;
      if (!arrivals.has(key)) arrivals.set(key, performance.now());
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    arrivals,
    close: () => server.close(),
  };
}
