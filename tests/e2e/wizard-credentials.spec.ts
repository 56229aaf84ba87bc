import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { startRegistration } from './support/api';
import { issueInSimulator } from './support/simulator';
import { needsRealPair, REAL_CERTIFICATE_FILE, REAL_KEY_FILE } from './support/shared-afip';

/** Company step and a generated request; returns the alias and CSR shown. */
async function generateRequest(page: Page, linkPath: string) {
  await page.goto(`${linkPath}/company`);
  await page.getByLabel('Responsable inscripto').check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('button', { name: 'Generar pedido' }).click();
  const ready = page.locator('#ready');
  await expect(ready.getByLabel('Pedido de certificado (CSR)')).toHaveValue(
    /BEGIN CERTIFICATE REQUEST/,
  );
  return {
    alias: await ready.getByLabel('Alias del certificado').inputValue(),
    csr: await ready.getByLabel('Pedido de certificado (CSR)').inputValue(),
  };
}

test('the live ARCA step offers the request as a .csr file, the one «Agregar alias» takes', async ({
  page,
  request,
}) => {
  const reg = await startRegistration(request, 'live', 'Descargas del Plata SA');
  const { alias, csr } = await generateRequest(page, reg.linkPath);
  await page.locator('#ready').getByRole('link', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/arca$/);
  await expect(page.getByText('lo bajás con «Descargar pedido (.csr)», acá arriba')).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Descargar pedido (.csr)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${alias}.csr`);
  const file = await download.path();
  expect(await readFile(file, 'utf8')).toBe(csr);

  // The downloaded file is what the (simulated) Certificados Digitales upload accepts.
  await page.goto('/simulator/arca/live/certificados');
  await page.getByLabel('Alias', { exact: true }).fill(alias);
  await page.getByLabel('Archivo del pedido de certificado (CSR)').setInputFiles(file);
  await page.getByRole('button', { name: 'Agregar alias' }).click();
  await page.getByRole('row', { name: alias }).getByRole('link', { name: 'Ver' }).click();
  await expect(page.locator('#pem')).toHaveValue(/BEGIN CERTIFICATE/);
});

test('going back for a new request keeps the validated certificate until the new one validates', async ({
  page,
  request,
}) => {
  needsRealPair();
  test.setTimeout(120_000);
  const reg = await startRegistration(request, 'sandbox', 'Vuelta Atrás SRL');
  const first = await generateRequest(page, reg.linkPath);
  const pem = await issueInSimulator(page, 'sandbox', first.alias, first.csr, reg.cuit);
  await page.goto(`${reg.linkPath}/arca`);
  await page.getByRole('button', { name: 'Ya tengo el certificado' }).click();
  await page.getByLabel('Pegá el certificado').fill(pem);
  await page.getByRole('button', { name: 'Validar certificado' }).click();
  await expect(page).toHaveURL(/\/points-of-sale$/);
  // Homologación needs no point of sale registered in ARCA, and the page says only that.
  await expect(page.getByText('no hace falta dar de alta un punto de venta en ARCA')).toBeVisible();
  await expect(
    page.getByText('en homologación no hace falta: podés terminar y usar cualquier número'),
  ).toBeVisible();
  await expect(page.getByText('antes de emitir tu primera factura')).toHaveCount(0);

  // Back to step 2: a new request with another alias.
  await page.goto(`${reg.linkPath}/certificate`);
  const second = `otro${Date.now() % 100000}`;
  await page.getByLabel('Alias para un pedido nuevo').fill(second);
  await page.getByRole('button', { name: 'Generar un pedido nuevo con este alias' }).click();
  await expect(page.locator('#ready').getByLabel('Alias del certificado')).toHaveValue(second);
  await expect(page.locator('#validated-in-use')).toContainText(
    `Tu certificado «${first.alias}» ya está validado`,
  );

  // A bring-your-own pair that fails changes nothing either.
  await page.getByText('Ya tengo certificado y clave privada').click();
  await page
    .getByLabel('Certificado (.crt, .cer, .pem, .der o .p7b)')
    .setInputFiles(REAL_CERTIFICATE_FILE);
  await page.getByLabel('Clave privada (.key o .pem)').setInputFiles(REAL_KEY_FILE);
  await page.getByRole('button', { name: 'Subir y validar' }).click();
  await expect(page.getByTestId('form-message').last()).toContainText(
    'No pudimos validar el certificado',
  );

  // The later steps wait for the new certificate...
  await page.goto(`${reg.linkPath}/points-of-sale`);
  await expect(page).toHaveURL(/\/arca$/);
  await expect(page.getByLabel('Alias', { exact: true })).toHaveValue(second);
  // ...unless the supplier keeps the one already validated, which still finishes the registration.
  await page.getByRole('button', { name: 'Seguir con el certificado validado' }).click();
  await expect(page).toHaveURL(/\/points-of-sale$/);
  await expect(page.getByRole('status')).toContainText(first.alias);
  await page.getByRole('button', { name: 'Terminar registro' }).click();
  await expect(page).toHaveURL(/\/done$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    '¡Listo! Ya podés probar la facturación',
  );
  await expect(
    page.getByText('no tienen validez fiscal: sirven para probar', { exact: false }),
  ).toBeVisible();

  const job = await (
    await request.get(`/transform/v1/jobs/${reg.jobId}?wait=10`, { headers: reg.headers })
  ).json();
  expect(job.status).toBe('OK');
  const entry = await (
    await request.get(`/silo/v1/entries/${reg.entryId}`, { headers: reg.headers })
  ).json();
  expect(entry.state).toBe('registered');
});
