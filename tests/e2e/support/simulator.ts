import { expect, type Page } from '@playwright/test';

/**
 * Plays the supplier in the simulated ARCA: gets the certificate for the CSR and, unless told not
 * to (the supplier who forgets), authorises wsfe for it.
 */
export async function issueInSimulator(
  page: Page,
  environment: 'sandbox' | 'live',
  alias: string,
  csr: string,
  cuit: string,
  { authorize = true } = {},
): Promise<string> {
  if (environment === 'sandbox') {
    await page.goto('/simulator/arca/sandbox/wsass');
    const form = page.locator('form[action$="/sandbox/wsass/certificados"]');
    await form.getByLabel('Nombre simbólico del DN').fill(alias);
    await form.getByLabel('Solicitud de certificado en formato PKCS#10').fill(csr);
    await form.getByRole('button', { name: 'Crear DN y obtener certificado' }).click();
  } else {
    await page.goto('/simulator/arca/live/certificados');
    await page.getByLabel('Alias').fill(alias);
    await page.getByLabel('O pegá el pedido').fill(csr);
    await page.getByRole('button', { name: 'Agregar alias' }).click();
    // ARCA goes back to the alias list: «Ver» on the alias opens its certificate.
    await page.getByRole('row', { name: alias }).getByRole('link', { name: 'Ver' }).click();
  }
  const pem = await page.locator('#pem').inputValue();
  expect(pem).toContain('BEGIN CERTIFICATE');
  if (!authorize) return pem;
  if (environment === 'sandbox') {
    await page.goto('/simulator/arca/sandbox/wsass');
    const form = page.locator('form[action$="/sandbox/wsass/autorizaciones"]');
    await form.getByLabel('Nombre simbólico del DN a autorizar').fill(alias);
    await form.getByLabel('CUIT representado').fill(cuit);
    await form.getByRole('button', { name: 'Crear autorización' }).click();
  } else {
    await page.goto('/simulator/arca/live/relaciones');
    await page.locator('input[name="cuit"]').fill(cuit);
    await page.locator('input[name="alias"]').fill(alias);
    await page.getByRole('button', { name: 'Confirmar' }).click();
  }
  return pem;
}
