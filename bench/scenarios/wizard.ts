import { chromium, type Page } from '@playwright/test';
import type { BenchRow } from '../support/types';
import { firstLoadJsBytes } from '../support/first-load-js';
import { load, warm } from '../support/load';
import { startSeededApp } from '../support/seeded-app';
import { startStaticNext } from '../support/servers';
import { newRegistration } from '../support/registration-link';

const CONNECTIONS = 16;

/** Each wizard step served by the app against a bare static Next.js page, plus each step's first-load JavaScript. */
export default async function wizardScenario(): Promise<BenchRow[]> {
  const app = await startSeededApp(3211);
  const staticNext = await startStaticNext(3213);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const { linkPath: link } = await newRegistration(app.url, app.fixtures.sandbox, {
      name: 'Bench SRL',
      cuit: '30712345671',
    });
    const page = await browser.newPage({ baseURL: app.url, locale: 'es-AR' });
    await walkToPointsOfSale(page, link);

    // Browsers always ask for gzip; both encodings are measured, the static page and the steps alike.
    const encodings: { label: string; headers: Record<string, string> }[] = [
      { label: 'plain', headers: {} },
      { label: 'gzip', headers: { 'accept-encoding': 'gzip' } },
    ];
    const baselineJs = await firstLoadJsBytes(`${staticNext.url}/`);
    const baseline: Record<string, number> = {};
    const rows: BenchRow[] = [];
    for (const { label, headers } of encodings) {
      await warm(`${staticNext.url}/`, { connections: CONNECTIONS, headers });
      const run = await load(`${staticNext.url}/`, {
        connections: CONNECTIONS,
        seconds: 6,
        headers,
      });
      baseline[label] = run.rps;
      rows.push({
        scenario: 'wizard steps',
        variant: `baseline: bare static Next.js page (${label})`,
        rps: run.rps,
        p50_ms: run.p50_ms,
        p99_ms: run.p99_ms,
        note: `first-load JS ${kb(baselineJs)}`,
      });
    }
    const measure = async (step: string) => {
      const url = `${app.url}${link}/${step}`;
      const js = await firstLoadJsBytes(url);
      for (const { label, headers } of encodings) {
        await warm(url, { connections: CONNECTIONS, headers });
        const run = await load(url, { connections: CONNECTIONS, seconds: 6, headers });
        const ratio = Math.round((run.rps / baseline[label]!) * 100) / 100;
        const met = ratio >= 0.5 && run.p99_ms < 150 && js - baselineJs <= 50 * 1024;
        rows.push({
          scenario: `GET /reg/<ref>/${step}`,
          variant: `app (${label}; targets: ≥ 0.50, p99 < 150 ms, JS ≤ +50 KB)`,
          rps: run.rps,
          p50_ms: run.p50_ms,
          p99_ms: run.p99_ms,
          ratio,
          note: `${met ? 'met' : 'MISSED'}; first-load JS ${kb(js)} (+${kb(js - baselineJs)})${run.non2xx || run.errors ? `; ${run.non2xx} non-2xx, ${run.errors} errors` : ''}`,
        });
      }
      // A query string bypasses the page cache: what a supplier's first view of a step costs.
      const fresh = await load(`${url}?first-view`, { connections: CONNECTIONS, seconds: 6 });
      rows.push({
        scenario: `GET /reg/<ref>/${step}`,
        variant: 'app, rendered by Next every time (first view of a step)',
        rps: fresh.rps,
        p50_ms: fresh.p50_ms,
        p99_ms: fresh.p99_ms,
        ratio: Math.round((fresh.rps / baseline.plain!) * 100) / 100,
        note: fresh.non2xx || fresh.errors ? `${fresh.non2xx} non-2xx, ${fresh.errors} errors` : '',
      });
    };
    for (const step of ['company', 'certificate', 'arca', 'upload', 'points-of-sale'])
      await measure(step);
    await page.getByRole('button', { name: 'Terminar registro' }).click();
    await page.waitForURL(/\/done$/);
    await measure('done');
    return rows;
  } finally {
    await browser.close();
    await Promise.all([app.stop(), staticNext.stop()]);
  }
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
