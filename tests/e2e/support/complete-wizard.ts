import { expect, type Page } from '@playwright/test';
import { issueInSimulator } from './simulator';

/** Walks a sandbox registration link in Spanish to its done page, playing the supplier in the simulated WSASS. */
export async function completeSandboxWizard(
  page: Page,
  linkPath: string,
  cuit: string,
): Promise<string> {
  await page.goto(linkPath);
  await page.getByLabel('Responsable inscripto').check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('button', { name: 'Generar pedido' }).click();
  const ready = page.locator('#ready');
  await expect(ready.getByLabel('Pedido de certificado (CSR)')).toHaveValue(
    /BEGIN CERTIFICATE REQUEST/,
  );
  const alias = await ready.getByLabel('Alias del certificado').inputValue();
  const csr = await ready.getByLabel('Pedido de certificado (CSR)').inputValue();
  await ready.getByRole('link', { name: 'Continuar' }).click();
  await page.getByRole('button', { name: 'Ya tengo el certificado' }).click();
  await expect(page).toHaveURL(/\/upload$/);
  const pem = await issueInSimulator(page, 'sandbox', alias, csr, cuit);
  await page.goto(`${linkPath}/upload`);
  await page.getByLabel('Pegá el certificado').fill(pem);
  await page.getByRole('button', { name: 'Validar certificado' }).click();
  await expect(page).toHaveURL(/\/points-of-sale$/);
  await page.getByRole('button', { name: 'Terminar registro' }).click();
  await expect(page).toHaveURL(/\/done$/);
  return alias;
}
