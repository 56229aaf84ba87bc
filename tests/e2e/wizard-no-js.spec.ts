import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startRegistration } from './support/api';
import { issueInSimulator } from './support/simulator';
import { needsRealPair, REAL_CERTIFICATE_FILE, REAL_KEY_FILE } from './support/shared-afip';

// Every wizard form posted before JavaScript loads (or with it off): the browser's own form post,
// answered by the server with the next step or with the step again and its error.
test.use({ javaScriptEnabled: false });

const es = JSON.parse(readFileSync('messages/es.json', 'utf8')) as {
  wizard: Record<string, Record<string, string> & { alias: Record<string, string> }>;
  plainPages: { tooLarge: { title: string; back: string } };
};
const w = es.wizard;
/** An error answer must come back: a stuck server render never answers at all (roomy, as posts generate RSA keys on a busy machine). */
const ANSWER_WITHIN_MS = 20_000;
/** What every wizard action answers once a link has been used too often (60 posts a minute per link). */
const RATE_LIMITED = (es.wizard as unknown as { rateLimited: string }).rateLimited;
const POSTS_PER_LINK_PER_MINUTE = 60;

/** Clicks a submit button and waits for the document the server answers, failing if it takes too long. */
async function submit(page: Page, button: string) {
  const [response] = await Promise.all([
    page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.request().resourceType() === 'document',
      { timeout: ANSWER_WITHIN_MS },
    ),
    page.getByRole('button', { name: button, exact: true }).click({ noWaitAfter: true }),
  ]);
  expect(response.status(), 'the form post answers a page, never a 500').toBeLessThan(400);
  // A redirect answer is followed by the browser: wait for that page, or the next goto races it.
  const location = response.headers()['location'];
  if (location)
    await page.waitForURL(new URL(location, response.url()).href, {
      waitUntil: 'domcontentloaded',
      timeout: ANSWER_WITHIN_MS,
    });
  else await page.waitForLoadState('domcontentloaded', { timeout: ANSWER_WITHIN_MS });
}

async function reachCertificate(page: Page, linkPath: string) {
  await page.goto(`${linkPath}/company`);
  await page.getByLabel('Monotributista').check();
  await submit(page, w.nav!.next!);
  await expect(page).toHaveURL(/\/certificate$/);
}

/** A key and CSR made outside the wizard, as a supplier who brings their own would have. */
function ownKeyAndCsr(alias: string, cuit: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'byo-'));
  const key = path.join(dir, 'own.key');
  const csr = path.join(dir, 'own.csr');
  execFileSync(
    'openssl',
    [
      'req',
      '-new',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      csr,
      '-subj',
      `/C=AR/O=Propia SA/CN=${alias}/serialNumber=CUIT ${cuit}`,
    ],
    { stdio: 'ignore' },
  );
  return { key, csr: readFileSync(csr, 'utf8'), dir };
}

test.describe('wizard forms without JavaScript', () => {
  test.setTimeout(60_000);

  test('company: no regime chosen says so, a regime moves on', async ({ page, request }) => {
    const reg = await startRegistration(request, 'sandbox', 'Sin Script SA');
    await page.goto(`${reg.linkPath}/company`);
    await submit(page, w.nav!.next!);
    await expect(page.getByTestId('form-message')).toHaveText(w.company!.regimeRequired!);
    await page.getByLabel('Monotributista').check();
    await submit(page, w.nav!.next!);
    await expect(page).toHaveURL(/\/certificate$/);
  });

  test('company: a link used too often gets the rate-limited answer, rendered', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const reg = await startRegistration(request, 'sandbox', 'Muchos Intentos SA');
    // From a loopback address of its own: the link's budget is spent here, while the per-address
    // budget (120 posts a minute) that every other test's wizard posts share stays untouched.
    const origin = `http://127.0.0.2:${new URL(baseURL!).port}`;
    await page.goto(`${origin}${reg.linkPath}/company`);
    // The budget is per clock minute: a burst that straddles one needs a second minute's worth of
    // posts through the browser, so it starts with most of a minute ahead of it.
    const leftInMinute = 60_000 - (Date.now() % 60_000);
    if (leftInMinute < 15_000) await new Promise((resolve) => setTimeout(resolve, leftInMinute));
    // All but the last of the link's posts are the same form post sent at once, without a browser
    // rendering each answer; every one must still be the rendered "choose a regime" answer.
    const form = page.locator('form', { has: page.getByRole('button', { name: w.nav!.next! }) });
    const fields = await form.evaluate((element: HTMLFormElement) =>
      [...new FormData(element).entries()].map(([name, value]) => [name, String(value)]),
    );
    const early = await Promise.all(
      Array.from({ length: POSTS_PER_LINK_PER_MINUTE - 1 }, () =>
        page.request.post(`${origin}${reg.linkPath}/company`, {
          multipart: Object.fromEntries(fields),
          headers: { Origin: origin },
          maxRedirects: 0,
          failOnStatusCode: false,
        }),
      ),
    );
    for (const answer of early) {
      expect(answer.status()).toBe(200);
      expect(await answer.text()).toContain(w.company!.regimeRequired!);
    }
    // Each post counts against this link's minute; the limit may straddle a minute, so at most two minutes' worth.
    let posts = early.length;
    for (; posts <= 2 * POSTS_PER_LINK_PER_MINUTE + 1; posts++) {
      await submit(page, w.nav!.next!);
      if ((await page.getByTestId('form-message').textContent()) === RATE_LIMITED) break;
      await expect(page.getByTestId('form-message')).toHaveText(w.company!.regimeRequired!);
    }
    expect(posts, 'the limit answered').toBeLessThanOrEqual(2 * POSTS_PER_LINK_PER_MINUTE);
    await expect(page.getByTestId('form-message')).toHaveText(RATE_LIMITED);
    // The form is still there to try again later.
    await expect(page.getByLabel('Monotributista')).toBeVisible();
  });

  test('certificate: a bad alias says so and keeps it, a good one gives the CSR', async ({
    page,
    request,
  }) => {
    const reg = await startRegistration(request, 'sandbox', 'Alias Sin Script SA');
    await reachCertificate(page, reg.linkPath);
    await page.getByLabel(w.certificate!.aliasLabel!, { exact: true }).fill('con espacios');
    await submit(page, w.certificate!.generate!);
    await expect(page.getByTestId('form-message').first()).toHaveText(
      w.certificate!.alias.alias_characters!,
    );
    await expect(page.getByLabel(w.certificate!.aliasLabel!, { exact: true })).toHaveValue(
      'con espacios',
    );
    await page.getByLabel(w.certificate!.aliasLabel!, { exact: true }).fill('sinscript');
    await submit(page, w.certificate!.generate!);
    await expect(page.getByLabel(w.certificate!.csrLabel!, { exact: true })).toHaveValue(
      /BEGIN CERTIFICATE REQUEST/,
    );
    // A copy button would do nothing without JavaScript: the fields are selectable instead.
    await expect(page.getByRole('button', { name: w.copy!.copy!, exact: true })).toHaveCount(0);
  });

  test('bring your own: an expired pair is explained, a good pair is validated', async ({
    page,
    request,
  }) => {
    needsRealPair();
    const reg = await startRegistration(request, 'sandbox', 'Propia Sin Script SA');
    await reachCertificate(page, reg.linkPath);
    await page.getByText(w.certificate!.byoTitle!).click();
    await page.getByLabel(w.certificate!.byoCertificate!).setInputFiles(REAL_CERTIFICATE_FILE);
    await page.getByLabel(w.certificate!.byoKey!).setInputFiles(REAL_KEY_FILE);
    await submit(page, w.certificate!.byoSubmit!);
    await expect(page.getByTestId('form-message').last()).toContainText(w.upload!.problemsTitle!);

    const own = ownKeyAndCsr('propiasinscript', reg.cuit);
    try {
      const pem = await issueInSimulator(page, 'sandbox', 'propiasinscript', own.csr, reg.cuit);
      await page.goto(`${reg.linkPath}/certificate`);
      // The section stays open after a pair was tried.
      if (!(await page.getByLabel(w.certificate!.byoCertificate!).isVisible()))
        await page.getByText(w.certificate!.byoTitle!).click();
      await page.getByLabel(w.certificate!.byoCertificate!).setInputFiles({
        name: 'propia.crt',
        mimeType: 'application/x-x509-ca-cert',
        buffer: Buffer.from(pem),
      });
      await page.getByLabel(w.certificate!.byoKey!).setInputFiles(own.key);
      await submit(page, w.certificate!.byoSubmit!);
      await expect(page).toHaveURL(/\/points-of-sale$/);
    } finally {
      rmSync(own.dir, { recursive: true, force: true });
    }
  });

  test('ARCA, upload, points of sale: not a certificate is explained, the certificate leads to done', async ({
    page,
    request,
  }) => {
    const reg = await startRegistration(request, 'sandbox', 'Todo Sin Script SA');
    await reachCertificate(page, reg.linkPath);
    await submit(page, w.certificate!.generate!);
    const csr = await page.getByLabel(w.certificate!.csrLabel!, { exact: true }).inputValue();
    const alias = await page
      .getByLabel(w.certificate!.aliasLabel!, { exact: true })
      .first()
      .inputValue();
    await page.goto(`${reg.linkPath}/arca`);
    await submit(page, w.arca!.next!);
    await expect(page).toHaveURL(/\/upload$/);

    await page.locator('input[type=file][name=file]').setInputFiles({
      name: 'vacio.crt',
      mimeType: 'application/x-x509-ca-cert',
      buffer: Buffer.alloc(0),
    });
    await submit(page, w.upload!.submit!);
    await expect(page.getByTestId('form-message')).toContainText(
      w.upload!.emptyFile!.replace('{name}', 'vacio.crt'),
    );
    await expect(page.getByText(w.upload!.sentFile!.replace('{name}', 'vacio.crt'))).toBeVisible();

    await page.getByLabel(w.upload!.pasteLabel!).fill('esto no es un certificado');
    await submit(page, w.upload!.submit!);
    await expect(page.getByTestId('form-message')).toContainText(w.upload!.problemsTitle!);
    await expect(page.getByLabel(w.upload!.pasteLabel!)).toHaveValue('esto no es un certificado');

    const pem = await issueInSimulator(page, 'sandbox', alias, csr, reg.cuit);
    await page.goto(`${reg.linkPath}/upload`);
    await page.getByLabel(w.upload!.pasteLabel!).fill(pem);
    await submit(page, w.upload!.submit!);
    await expect(page).toHaveURL(/\/points-of-sale$/);
    await submit(page, w.pos!.finish!);
    await expect(page).toHaveURL(/\/done$/);

    // The test invoice is a form post too: a monotributista's Factura C, shown with its CAE.
    await submit(page, w.testInvoice!.issue!);
    await expect(page).toHaveURL(/\/done\?test-invoice=[\w-]+$/);
    const result = page.getByTestId('test-invoice-result');
    await expect(result).toContainText(w.testInvoice!.approved!);
    await expect(result).toContainText('Factura C');
    await expect(result).toContainText('0001-00000001');
  });
});

test.describe('an upload far over the action limit, without JavaScript', () => {
  test.setTimeout(60_000);
  for (const megabytes of [20, 64]) {
    test(`a ${megabytes} MB file gets the "too large" page, not a connection error`, async ({
      page,
      request,
    }) => {
      const reg = await startRegistration(request, 'sandbox', 'Archivo Enorme SA');
      await reachCertificate(page, reg.linkPath);
      await submit(page, w.certificate!.generate!);
      await page.goto(`${reg.linkPath}/arca`);
      await submit(page, w.arca!.next!);
      // Playwright takes files over 50 MB only from disk.
      const dir = mkdtempSync(path.join(tmpdir(), 'huge-'));
      try {
        const file = path.join(dir, 'escaneo.pdf');
        writeFileSync(file, Buffer.alloc(megabytes * 1024 * 1024, 1));
        await page.locator('input[type=file][name=file]').setInputFiles(file);
        await page.getByRole('button', { name: w.upload!.submit!, exact: true }).click();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          es.plainPages.tooLarge.title,
        );
        await page.getByRole('link', { name: es.plainPages.tooLarge.back }).click();
        await expect(page).toHaveURL(new RegExp(`${reg.linkPath}/upload$`));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});
