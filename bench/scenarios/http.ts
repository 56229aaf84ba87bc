import type { BenchRow } from '../support/types';
import { firstLoadJsBytes } from '../support/first-load-js';
import { load, warm } from '../support/load';
import { startSeededApp } from '../support/seeded-app';
import { startBareNode, startStaticNext } from '../support/servers';

const API_CONNECTIONS = 32;
const PAGE_CONNECTIONS = 16;

/** Foundation: the API through the app's one server, and a page, each against its bare baseline. */
export default async function httpScenario(): Promise<BenchRow[]> {
  const app = await startSeededApp(3201);
  const auth = { headers: { Authorization: `Bearer ${app.fixtures.sandbox.apiKey}` } };
  const bare = await startBareNode(3202);
  const staticNext = await startStaticNext(3203);
  try {
    const rows: BenchRow[] = [];
    await warm(`${bare.url}/`, { connections: API_CONNECTIONS });
    const bareRun = await load(`${bare.url}/`, { connections: API_CONNECTIONS });
    await warm(`${app.url}/utils/v1/ping`, { connections: API_CONNECTIONS, ...auth });
    const pingRun = await load(`${app.url}/utils/v1/ping`, {
      connections: API_CONNECTIONS,
      ...auth,
    });
    rows.push({
      scenario: 'GET /utils/v1/ping',
      variant: 'baseline: bare node:http',
      ...pick(bareRun),
    });
    rows.push({
      scenario: 'GET /utils/v1/ping',
      variant: 'app server, with an API key (target ≥ 0.40)',
      ...pick(pingRun),
      ratio: ratio(pingRun.rps, bareRun.rps),
      note: failures(pingRun),
    });

    await warm(`${staticNext.url}/`, { connections: PAGE_CONNECTIONS });
    const staticRun = await load(`${staticNext.url}/`, { connections: PAGE_CONNECTIONS });
    await warm(`${app.url}/`, { connections: PAGE_CONNECTIONS });
    const homeRun = await load(`${app.url}/`, { connections: PAGE_CONNECTIONS });
    const staticJs = await firstLoadJsBytes(`${staticNext.url}/`);
    const homeJs = await firstLoadJsBytes(`${app.url}/`);
    rows.push({
      scenario: 'GET / (home page)',
      variant: 'baseline: bare static Next.js page',
      ...pick(staticRun),
      note: `first-load JS ${kb(staticJs)} gzip`,
    });
    rows.push({
      scenario: 'GET / (home page)',
      variant: 'app server',
      ...pick(homeRun),
      ratio: ratio(homeRun.rps, staticRun.rps),
      note: `first-load JS ${kb(homeJs)} gzip (+${kb(homeJs - staticJs)})${failures(homeRun) ? `; ${failures(homeRun)}` : ''}`,
    });
    return rows;
  } finally {
    await Promise.all([app.stop(), bare.stop(), staticNext.stop()]);
  }
}

const pick = (r: { rps: number; p50_ms: number; p99_ms: number }) => ({
  rps: r.rps,
  p50_ms: r.p50_ms,
  p99_ms: r.p99_ms,
});
const ratio = (value: number, baseline: number) => Math.round((value / baseline) * 100) / 100;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const failures = (r: { errors: number; non2xx: number }) =>
  r.errors || r.non2xx ? `${r.errors} errors, ${r.non2xx} non-2xx` : undefined;
