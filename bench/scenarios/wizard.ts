import { chromium, type Page } from '@playwright/test';
import type { BenchRow } from '../support/types';
import { firstLoadJsBytes } from '../support/first-load-js';
import { load, warm } from '../support/load';
import { startSeededApp } from '../support/seeded-app';
import { startStaticNext } from '../support/servers';

const CONNECTIONS = 16;

/** Each wizard step served by the app against a bare static Next.js page, plus each step's first-load JavaScript. */
export default async function wizardScenario(): Promise<BenchRow[]> {
  const app = await startSeededApp(3211);
  const staticNext = await startStaticNext(3213);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    const link = await newRegistration(app.url, app.fixtures.sandbox);
    const page = await browser.newPage({ baseURL: app.url, locale: 'es-AR' });
    await walkToPointsOfSale(page, link);

    await warm(`${staticNext.url}/`, { connections: CONNECTIONS });
    const baseline = await load(`${staticNext.url}/`, { connections: CONNECTIONS, seconds: 6 });
    const baselineJs = await firstLoadJsBytes(`${staticNext.url}/`);
    const rows: BenchRow[] = [{ scenario: 'wizard steps', variant: 'baseline: bare static Next.js page', rps: baseline.rps, p50_ms: baseline.p50_ms, p99_ms: baseline.p99_ms, note: `first-load JS ${kb(baselineJs)}` }];
    const measure = async (step: string) => {
      const url = `${app.url}${link}/${step}`;
      await warm(url, { connections: CONNECTIONS });
      const run = await load(url, { connections: CONNECTIONS, seconds: 6 });
      const js = await firstLoadJsBytes(url);
      rows.push({
        scenario: `GET /reg/<ref>/${step}`,
        variant: 'app (targets: ≥ 0.50, p99 < 150 ms, JS ≤ +50 KB)',
        rps: run.rps,
        p50_ms: run.p50_ms,
        p99_ms: run.p99_ms,
        ratio: Math.round((run.rps / baseline.rps) * 100) / 100,
        note: `first-load JS ${kb(js)} (+${kb(js - baselineJs)})${run.non2xx || run.errors ? `; ${run.non2xx} non-2xx, ${run.errors} errors` : ''}`,
      });
    };
    for (const step of ['company', 'certificate', 'arca', 'upload', 'points-of-sale']) await measure(step);
    await page.getByRole('button', { name: 'Terminar registro' }).click();
    await page.waitForURL(/\/done$/);
    await measure('done');
    return rows;
  } finally {
    await browser.close();
    await Promise.all([app.stop(), staticNext.stop()]);
  }
}

async function newRegistration(url: string, fixture: { apiKey: string; workflowId: string }): Promise<string> {
  const headers = { Authorization: `Bearer ${fixture.apiKey}`, 'Content-Type': 'application/json' };
  const entry = await (await fetch(`${url}/silo/v1/entries?folder=suppliers`, { method: 'POST', headers, body: JSON.stringify({ name: 'Bench SRL', tax_id: { country: 'AR', code: '30712345671' } }) })).json();
  await fetch(`${url}/transform/v1/jobs`, { method: 'POST', headers, body: JSON.stringify({ workflow_id: fixture.workflowId, silo_entry_id: entry.id }) });
  for (let i = 0; i < 100; i++) {
    const current = await (await fetch(`${url}/silo/v1/entries/${entry.id}`, { headers })).json();
    const link = current.meta?.find((m: { key: string }) => m.key === 'link')?.link_url as string | undefined;
    if (link) return new URL(link).pathname;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('no registration link');
}

/** The supplier's path through the simulator, as the e2e test walks it. */
async function walkToPointsOfSale(page: Page, link: string) {
  await page.goto(link);
  await page.getByLabel('Responsable inscripto').check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('button', { name: 'Generar pedido' }).click();
  await page.waitForSelector('#ready');
  const alias = await page.locator('#ready input').first().inputValue();
  const csr = await page.locator('#ready textarea').inputValue();
  await page.goto(`${link}/arca`);
  await page.getByRole('button', { name: 'Ya tengo el certificado' }).click();
  await page.waitForURL(/\/upload$/);
  await page.goto('/simulator/arca/sandbox/wsass');
  const issue = page.locator('form[action$="/sandbox/wsass/certificados"]');
  await issue.locator('input[name="alias"]').fill(alias);
  await issue.locator('textarea[name="csr"]').fill(csr);
  await issue.getByRole('button').click();
  const pem = await page.locator('#pem').inputValue();
  await page.goto('/simulator/arca/sandbox/wsass');
  const authorize = page.locator('form[action$="/sandbox/wsass/autorizaciones"]');
  await authorize.locator('input[name="cuit"]').fill('30712345671');
  await authorize.locator('input[name="alias"]').fill(alias);
  await authorize.getByRole('button').click();
  await page.goto(`${link}/upload`);
  await page.locator('textarea[name="pasted"]').fill(pem);
  await page.getByRole('button', { name: 'Validar certificado' }).click();
  await page.waitForURL(/\/points-of-sale$/);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
