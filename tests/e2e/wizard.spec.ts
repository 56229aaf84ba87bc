import { readFileSync } from 'node:fs';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { startRegistration } from './support/api';
import { checkPage, watchConsole } from './support/page-checks';
import { issueInSimulator } from './support/simulator';
import { opensslContainers } from '../fixtures/arca/openssl-containers';
import { needsRealPair, REAL_CERTIFICATE_FILE, REAL_KEY_FILE } from './support/shared-afip';

const COPY = {
  es: {
    regime: 'Responsable inscripto',
    copy: 'Copiar',
    next: 'Continuar',
    generate: 'Generar pedido',
    have: 'Ya tengo el certificado',
    validate: 'Validar certificado',
    finish: 'Terminar registro',
    done: {
      sandbox: '¡Listo! Ya podés probar la facturación',
      live: '¡Listo! Tu certificado está conectado con ARCA',
    },
    paste: 'Pegá el certificado',
    alias: 'Alias del certificado',
    csr: 'Pedido de certificado (CSR)',
    problems: 'No pudimos validar el certificado',
    refresh: 'Actualizar lista',
    readiness: 'Consultar a ARCA',
    ready: 'Listo para facturar en el punto de venta',
  },
  en: {
    regime: 'Responsable inscripto (VAT-registered)',
    copy: 'Copy',
    next: 'Continue',
    generate: 'Generate request',
    have: 'I have the certificate',
    validate: 'Validate certificate',
    finish: 'Finish registration',
    done: {
      sandbox: 'Done! You can test invoicing now',
      live: 'Done! Your certificate is connected to ARCA',
    },
    paste: 'Paste the certificate',
    alias: 'Certificate alias',
    csr: 'Certificate request (CSR)',
    problems: "We couldn't validate the certificate",
    refresh: 'Refresh list',
    readiness: 'Ask ARCA',
    ready: 'Ready to invoice at point of sale',
  },
} as const;

async function step(page: Page, testInfo: TestInfo, name: string) {
  await checkPage(page, testInfo, name);
}

for (const [environment, locale] of [
  ['sandbox', 'es'],
  ['sandbox', 'en'],
  ['live', 'es'],
  ['live', 'en'],
] as const) {
  test(`a supplier completes the ${environment} registration in ${locale === 'es' ? 'Spanish' : 'English'}`, async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const c = COPY[locale];
    const noConsoleErrors = watchConsole(page);
    const reg = await startRegistration(request, environment, 'Ferretería Núñez SA');
    const prefix = locale === 'en' ? '/en' : '';
    const base = `${prefix}${reg.linkPath}`;
    // The steps' actions answer where to go and the page navigates there itself: none answers a
    // redirect, for which Next fetches the next page from the server itself before answering.
    const steps = { actions: 0, redirects: [] as string[] };
    page.on('response', (response) => {
      if (!response.request().headers()['next-action']) return;
      steps.actions++;
      const redirect = response.headers()['x-action-redirect'];
      if (redirect) steps.redirects.push(redirect);
    });

    await page.goto(base);
    await expect(page).toHaveURL(new RegExp(`${base}/company$`));
    await step(page, testInfo, `${environment}-${locale}-1-company`);
    await page.getByLabel(c.regime).check();
    await page.getByRole('button', { name: c.next }).click();

    await expect(page).toHaveURL(/\/certificate/);
    await step(page, testInfo, `${environment}-${locale}-2-certificate`);
    await page.getByRole('button', { name: c.generate }).click();
    const csrField = page.getByLabel(c.csr, { exact: true });
    await expect(csrField).toHaveValue(/BEGIN CERTIFICATE REQUEST/);
    // With JavaScript, alias and CSR each get a copy button.
    await expect(page.getByRole('button', { name: c.copy, exact: true })).toHaveCount(2);
    const alias = await page.getByLabel(c.alias, { exact: true }).inputValue();
    const csr = await csrField.inputValue();
    await step(page, testInfo, `${environment}-${locale}-2b-csr-ready`);
    await page.getByRole('link', { name: c.next }).click();

    await expect(page).toHaveURL(/\/arca$/);
    await step(page, testInfo, `${environment}-${locale}-3-arca`);
    await page.getByRole('button', { name: c.have }).click();
    await expect(page).toHaveURL(/\/upload$/);

    // Resume after closing the tab: the link brings the supplier back to the same step.
    await page.goto(base);
    await expect(page).toHaveURL(/\/upload$/);

    await page.getByLabel(c.paste).fill(csr);
    await page.getByRole('button', { name: c.validate }).click();
    await expect(page.getByTestId('form-message')).toContainText(c.problems);
    await expect(page.getByLabel(c.paste)).toHaveValue(csr);
    await step(page, testInfo, `${environment}-${locale}-4b-upload-error`);

    const pem = await issueInSimulator(page, environment, alias, csr, reg.cuit);
    await page.goto(`${base}/upload`);
    await step(page, testInfo, `${environment}-${locale}-4-upload`);
    await page.getByLabel(c.paste).fill(`Copied from ARCA:\r\n${pem.replace(/\n/g, '\r\n')}\r\n`);
    await page.getByRole('button', { name: c.validate }).click();

    await expect(page).toHaveURL(/\/points-of-sale$/);
    await expect(page.getByRole('status')).toContainText(alias);
    await step(page, testInfo, `${environment}-${locale}-5-points-of-sale`);
    // A point of sale added in ARCA meanwhile shows up with "Refresh", past the page cache.
    const number = String(1000 + Math.floor(Math.random() * 8000));
    const simulator =
      environment === 'sandbox'
        ? '/simulator/arca/sandbox/wsass/puntos-de-venta'
        : '/simulator/arca/live/puntos-de-venta';
    expect(
      (
        await request.post(simulator, {
          form: { cuit: reg.cuit, number, emission_type: 'CAE - Ri Iva' },
          maxRedirects: 0,
        })
      ).status(),
    ).toBeLessThan(400);
    await page.getByRole('link', { name: c.refresh }).click();
    await expect(page.getByRole('cell', { name: number, exact: true })).toBeVisible();
    await page.getByRole('button', { name: c.finish }).click();

    await expect(page).toHaveURL(/\/done$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.done[environment]);
    expect(steps).toEqual({ actions: 6, redirects: [] });
    const pointOfSale = number.padStart(4, '0');
    if (environment === 'live') {
      // Live never issues: it asks ARCA for the last voucher of each point of sale (A and B here).
      await page.getByRole('button', { name: c.readiness }).click();
      await expect(page.getByTestId('readiness-result')).toContainText(`${c.ready} ${pointOfSale}`);
    }
    await step(page, testInfo, `${environment}-${locale}-6-done`);
    if (environment === 'sandbox' && locale === 'es') {
      // The test invoice, on a 360 px wide phone: a Factura B of $ 1,00 + IVA on the point of sale added above.
      if (testInfo.project.name === 'phone')
        await page.setViewportSize({ width: 360, height: 780 });
      await page.getByRole('button', { name: 'Emitir una factura de prueba' }).click();
      await expect(page).toHaveURL(/\/done\?test-invoice=[\w-]+$/, { timeout: 30_000 });
      const result = page.getByTestId('test-invoice-result');
      await expect(result).toContainText('¡ARCA aprobó tu factura de prueba!');
      await expect(result).toContainText('Factura B');
      await expect(result).toContainText(`${pointOfSale}-00000001`);
      await expect(result.locator('dd').nth(2)).toHaveText(/^\d{14}$/);
      await step(page, testInfo, 'sandbox-es-6b-test-invoice');
      // A reload reads the same invoice again; it never issues another.
      await page.reload();
      await expect(result).toContainText(`${pointOfSale}-00000001`);
      await expect(
        page.getByRole('button', { name: 'Emitir otra factura de prueba' }),
      ).toBeVisible();
    }
    noConsoleErrors();

    const job = await (
      await request.get(`/transform/v1/jobs/${reg.jobId}?wait=10`, { headers: reg.headers })
    ).json();
    expect(job.status).toBe('OK');
    const entry = await (
      await request.get(`/silo/v1/entries/${reg.entryId}`, { headers: reg.headers })
    ).json();
    expect(entry.state).toBe('registered');

    // A finished registration shows its done page from the link.
    await page.goto(base);
    await expect(page).toHaveURL(/\/done$/);
  });
}

test('an unknown ref gets one plain 404', async ({ page }, testInfo) => {
  const response = await page.goto('/reg/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('No encontramos esta página');
  await checkPage(page, testInfo, 'reg-unknown-404');
});

test('a supplier cannot skip ahead of the step reached', async ({ page, request }) => {
  const reg = await startRegistration(request, 'sandbox', 'Saltos SRL');
  await page.goto(`${reg.linkPath}/upload`);
  await expect(page).toHaveURL(/\/company$/);
});

test('the language switch keeps the supplier on the same step', async ({ page, request }) => {
  const reg = await startRegistration(request, 'sandbox', 'Idiomas SRL');
  await page.goto(`${reg.linkPath}/company`);
  await page.getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(new RegExp(`/en${reg.linkPath}/company$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Check your company's details");
});

test('bringing an expired certificate with its key says when it expired', async ({
  page,
  request,
}, testInfo) => {
  needsRealPair();
  const reg = await startRegistration(request, 'sandbox', 'Certificado Propio SA');
  await page.goto(`${reg.linkPath}/company`);
  await page.getByLabel('Monotributista').check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByText('Ya tengo certificado y clave privada').click();
  await page
    .getByLabel('Certificado (.crt, .cer, .pem, .der o .p7b)')
    .setInputFiles(REAL_CERTIFICATE_FILE);
  await page.getByLabel('Clave privada (.key o .pem)').setInputFiles(REAL_KEY_FILE);
  await page.getByRole('button', { name: 'Subir y validar' }).click();
  const message = page.getByTestId('form-message').last();
  await expect(message).toContainText('No pudimos validar el certificado');
  await expect(message).toContainText('venció');
  await checkPage(page, testInfo, 'sandbox-es-2c-bring-your-own-error');
});

test('bringing a .p12 with its password reads certificate and key from the one file', async ({
  page,
  request,
}) => {
  needsRealPair();
  const read = (file: string) => readFileSync(file, 'utf8');
  const { p12 } = opensslContainers(
    read(REAL_CERTIFICATE_FILE),
    read(REAL_KEY_FILE),
    read('lib/arca/ca/homologacion-issuing-computadores-test-2022-2030.pem'),
  );
  const reg = await startRegistration(request, 'sandbox', 'Certificado PFX SA');
  await page.goto(`${reg.linkPath}/company`);
  await page.getByLabel('Monotributista').check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByText('Ya tengo certificado y clave privada').click();
  await page
    .getByLabel('Certificado (.crt, .cer, .pem, .der o .p7b)')
    .setInputFiles({ name: 'empresa.p12', mimeType: 'application/x-pkcs12', buffer: p12 });
  await page.getByLabel('Contraseña de la clave o del .p12/.pfx').fill('otra');
  await page.getByRole('button', { name: 'Subir y validar' }).click();
  const message = page.getByTestId('form-message').last();
  await expect(message).toContainText('La contraseña no abre la clave privada');
  await page
    .getByLabel('Certificado (.crt, .cer, .pem, .der o .p7b)')
    .setInputFiles({ name: 'empresa.p12', mimeType: 'application/x-pkcs12', buffer: p12 });
  await page.getByLabel('Contraseña de la clave o del .p12/.pfx').fill('clave');
  await page.getByRole('button', { name: 'Subir y validar' }).click();
  // Intake and the key pair passed: what is left is the real certificate's expiry.
  await expect(message).toContainText('venció');
});

test('a reloaded step comes from the page cache, runs under its fresh nonce, and shows changes at once', async ({
  page,
  request,
}) => {
  const noConsoleErrors = watchConsole(page);
  const reg = await startRegistration(request, 'sandbox', 'Recarga SRL');
  const first = await page.goto(`${reg.linkPath}/company`);
  expect(first?.headers()['x-page-cache']).toBe('miss');
  const again = await page.reload();
  expect(again?.headers()['x-page-cache']).toBe('hit');
  // The page cache's assumptions about Next (lib/page-cache/next-page-copy.ts): the nonce is the only
  // per-response value, verbatim in the header and in every nonce attribute, so a replay can swap it.
  const nonceIn = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? '')?.[1];
  const rendered = nonceIn(first?.headers()['content-security-policy']);
  const nonce = nonceIn(again?.headers()['content-security-policy']);
  expect(rendered).toBeTruthy();
  expect(nonce).toBeTruthy();
  expect(nonce).not.toBe(rendered);
  const html = (await again?.text()) ?? '';
  expect(html).toContain(`nonce="${nonce}"`);
  expect(html).not.toContain(rendered!);
  expect([...html.matchAll(/\snonce="([^"]*)"/g)].every(([, value]) => value === nonce)).toBe(true);
  // Next's inline scripts ran (a wrong nonce would have blocked them and logged a CSP error).
  await page.waitForFunction(() =>
    Array.isArray((self as unknown as { __next_f?: unknown[] }).__next_f),
  );
  await page.getByLabel('Monotributista').check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/certificate$/);
  const back = await page.goto(`${reg.linkPath}/company`);
  expect(back?.headers()['x-page-cache']).toBe('miss');
  await expect(page.getByLabel('Monotributista')).toBeChecked();
  noConsoleErrors();
});
