import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { startRegistration } from './support/api';
import { checkPage } from './support/page-checks';
import { needsRealPair, REAL_CERTIFICATE_FILE } from './support/shared-afip';

const es = JSON.parse(readFileSync('messages/es.json', 'utf8')) as {
  wizard: Record<string, Record<string, string>>;
};
const w = es.wizard;
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));

async function reachCertificate(page: Page, linkPath: string) {
  await page.goto(`${linkPath}/company`);
  await page.getByLabel('Monotributista').check();
  await page.getByRole('button', { name: w.nav!.next! }).click();
  await expect(page).toHaveURL(/\/certificate$/);
}

async function reachUpload(page: Page, linkPath: string) {
  await reachCertificate(page, linkPath);
  await page.getByRole('button', { name: w.certificate!.generate! }).click();
  await expect(page.getByLabel(w.certificate!.csrLabel!, { exact: true })).toHaveValue(
    /BEGIN CERTIFICATE REQUEST/,
  );
  await page.goto(`${linkPath}/arca`);
  await page.getByRole('button', { name: w.arca!.next! }).click();
  await expect(page).toHaveURL(/\/upload$/);
}

test('upload: an empty file is called empty and named, tied to its field, with focus on the message', async ({
  page,
  request,
}, testInfo) => {
  const reg = await startRegistration(request, 'sandbox', 'Archivo Vacío SA');
  await reachUpload(page, reg.linkPath);
  const file = page.locator('input[type=file][name=file]');
  await file.setInputFiles({
    name: 'certificado.crt',
    mimeType: 'application/x-x509-ca-cert',
    buffer: Buffer.alloc(0),
  });
  await page.getByRole('button', { name: w.upload!.submit! }).click();
  const message = page.getByTestId('form-message');
  await expect(message).toContainText(
    fill(w.upload!.problemsTitleFile!, { name: 'certificado.crt' }),
  );
  await expect(message).toContainText(fill(w.upload!.emptyFile!, { name: 'certificado.crt' }));
  await expect(message).not.toContainText(w.upload!.empty!);
  await expect(message).toBeFocused();
  await expect(file).toHaveAttribute('aria-invalid', 'true');
  await expect(file).toHaveAttribute('aria-describedby', /\bupload-message\b/);
  await expect(message).toHaveAttribute('id', 'upload-message');
  await expect(page.getByLabel(w.upload!.pasteLabel!)).not.toHaveAttribute('aria-invalid', 'true');
  // The field comes back empty (browsers never refill one): the page names what was sent.
  await expect(
    page.getByText(fill(w.upload!.sentFile!, { name: 'certificado.crt' })),
  ).toBeVisible();
  await checkPage(page, testInfo, 'sandbox-es-4f-empty-file');

  // A bad paste marks the text field, not the file field.
  await page.getByLabel(w.upload!.pasteLabel!).fill('esto no es un certificado');
  await page.getByRole('button', { name: w.upload!.submit! }).click();
  await expect(message).toContainText(w.upload!.problemsTitle!);
  await expect(page.getByLabel(w.upload!.pasteLabel!)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel(w.upload!.pasteLabel!)).toHaveAttribute(
    'aria-describedby',
    /\bupload-message\b/,
  );
  await expect(file).not.toHaveAttribute('aria-invalid', 'true');
});

test('upload: a file refused for its size keeps its notice when the form is sent anyway', async ({
  page,
  request,
}) => {
  const reg = await startRegistration(request, 'sandbox', 'Foto Grande SA');
  await reachUpload(page, reg.linkPath);
  const file = page.locator('input[type=file][name=file]');
  await file.setInputFiles({
    name: 'foto.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.alloc(200 * 1024, 1),
  });
  const notice = fill(w.upload!.tooLarge!, { name: 'foto.jpg', kb: 200 });
  const message = page.getByTestId('form-message');
  await expect(message).toContainText(notice);
  let posted = false;
  page.on('request', (r) => {
    if (r.method() === 'POST') posted = true;
  });
  await page.getByRole('button', { name: w.upload!.submit! }).click();
  await expect(message).not.toContainText(w.upload!.empty!);
  await expect(message).toContainText(notice);
  expect(posted, 'nothing to validate was sent').toBe(false);
  await expect(message).toBeFocused();
  await expect(file).toHaveAttribute('aria-invalid', 'true');
  await expect(file).toHaveAttribute('aria-describedby', /\bupload-message\b/);
});

test('bring your own: an empty key is named and only its field is marked', async ({
  page,
  request,
}) => {
  needsRealPair();
  const reg = await startRegistration(request, 'sandbox', 'Clave Vacía SA');
  await reachCertificate(page, reg.linkPath);
  await page.getByText(w.certificate!.byoTitle!).click();
  const certificate = page.getByLabel(w.certificate!.byoCertificate!);
  const key = page.getByLabel(w.certificate!.byoKey!);
  await certificate.setInputFiles(REAL_CERTIFICATE_FILE);
  await key.setInputFiles({
    name: 'privada.key',
    mimeType: 'application/octet-stream',
    buffer: Buffer.alloc(0),
  });
  await page.getByRole('button', { name: w.certificate!.byoSubmit! }).click();
  const message = page.getByTestId('form-message').last();
  await expect(message).toContainText(fill(w.upload!.emptyFile!, { name: 'privada.key' }));
  await expect(message).toBeFocused();
  await expect(key).toHaveAttribute('aria-invalid', 'true');
  await expect(key).toHaveAttribute('aria-describedby', /\bbyo-message\b/);
  await expect(certificate).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(fill(w.upload!.sentFile!, { name: 'privada.key' }))).toBeVisible();
  await expect(
    page.getByText(
      fill(w.upload!.sentFile!, { name: 'homologacion-cuit20329642330-expired-2026.crt' }),
    ),
  ).toBeVisible();
});
