import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TS_NODE_ARGS } from '../../scripts/ts-node-args.mjs';
import { percentile } from '../support/percentile';
import { startApp } from '../support/servers';
import type { BenchRow } from '../support/types';

const SIZES = [10, 1_000];
const VIEWS = 10;
const CONCURRENT_PRINTS = 6;

/**
 * What an operator's pages cost for the largest invoice allowed (1,000 lines, issue 26) beside a
 * 10-line one, in the same run: the console's invoice page and its print view, one at a time (bytes
 * and time), then how long `/healthz` (the same event loop) waits while six print views of the large one render.
 */
export default async function consolePagesScenario(): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'arca-bench-console-'));
  const seeded = execFileSync(
    process.execPath,
    [...TS_NODE_ARGS, 'bench/support/console-pages-seed.ts', ...SIZES.map(String)],
    {
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    },
  );
  const seed = JSON.parse(seeded.trim().split('\n').at(-1)!) as {
    invoices: Record<string, string>;
    token: string;
  };
  const app = await startApp(4610, {
    DATA_DIR: dataDir,
    PAGE_REQUESTS_PER_MINUTE: '1000000000',
  });
  const cookie = `arca_console_session=${seed.token}`;
  const get = async (url: string) => {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    const bytes = (await response.arrayBuffer()).byteLength;
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return { ms: performance.now() - started, bytes };
  };
  try {
    const rows: BenchRow[] = [];
    for (const [page, suffix] of [
      ['Console invoice page', ''],
      ['Print view', '/print'],
    ] as const) {
      let baseline: number | undefined;
      for (const size of SIZES) {
        const url = `${app.url}/console/invoices/${seed.invoices[size]}${suffix}`;
        await get(url);
        const views = [];
        for (let i = 0; i < VIEWS; i += 1) views.push(await get(url));
        const times = views.map((v) => v.ms);
        const p50 = percentile(times, 50)!;
        baseline ??= p50;
        rows.push({
          scenario: `${page}, ${size.toLocaleString('en')} lines`,
          variant: size === SIZES[0] ? 'baseline' : `vs ${SIZES[0]} lines`,
          p50_ms: Math.round(p50),
          p99_ms: Math.round(percentile(times, 99)!),
          ratio: Math.round((p50 / baseline) * 100) / 100,
          note: `${Math.round(views[0]!.bytes / 1024)} KiB`,
        });
      }
    }
    rows.push(await pingWhilePrinting(app.url, get, seed.invoices[SIZES.at(-1)!]!));
    return rows;
  } finally {
    await app.stop();
  }
}

async function pingWhilePrinting(
  base: string,
  get: (url: string) => Promise<{ ms: number }>,
  invoiceId: string,
): Promise<BenchRow> {
  const probe = async () => (await get(`${base}/healthz`)).ms;
  const quiet: number[] = [];
  for (let i = 0; i < 30; i += 1) quiet.push(await probe());
  let printing = true;
  const prints = Promise.all(
    Array.from({ length: CONCURRENT_PRINTS }, () =>
      get(`${base}/console/invoices/${invoiceId}/print`),
    ),
  ).finally(() => (printing = false));
  const busy: number[] = [];
  while (printing) busy.push(await probe());
  const printed = await prints;
  const quietP50 = percentile(quiet, 50)!;
  const busyP99 = percentile(busy, 99)!;
  return {
    scenario: `/healthz during ${CONCURRENT_PRINTS} print views of ${SIZES.at(-1)!.toLocaleString('en')} lines`,
    variant: 'vs quiet',
    p50_ms: Math.round(percentile(busy, 50)!),
    p99_ms: Math.round(busyP99),
    ratio: Math.round((busyP99 / quietP50) * 10) / 10,
    note: `quiet p50 ${quietP50.toFixed(1)} ms; ${busy.length} probes; prints took ${Math.round(Math.max(...printed.map((p) => p.ms)))} ms`,
  };
}
