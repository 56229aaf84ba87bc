import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { formatCuit } from '@/lib/arca/cuit';
import { startRegistration } from './support/api';
import { checkPage, watchConsole } from './support/page-checks';
import { issueInSimulator } from './support/simulator';
import { needsRealPair, REAL_CERTIFICATE_FILE, REAL_KEY_FILE } from './support/shared-afip';

type Locale = 'es' | 'en';
const MESSAGES = { es: readMessages('es'), en: readMessages('en') };

function readMessages(locale: Locale) {
  return JSON.parse(readFileSync(`messages/${locale}.json`, 'utf8')) as {
    arca: { codes: Record<string, string> };
    wizard: Record<string, Record<string, string>>;
  };
}

/** The fixed part of a catalogue message (up to its first placeholder): what the supplier must read. */
const said = (locale: Locale, code: string) =>
  MESSAGES[locale].arca.codes[code]!.split('{')[0]!.trim();

/** Walks a new registration to the upload step through the wizard; returns its alias and CSR. */
async function reachUpload(page: Page, base: string, locale: Locale) {
  const w = MESSAGES[locale].wizard;
  await page.goto(`${base}/company`);
  await page.getByLabel('Monotributista').check();
  await page.getByRole('button', { name: w.nav!.next! }).click();
  await expect(page).toHaveURL(/\/certificate$/);
  await page.getByRole('button', { name: w.certificate!.generate! }).click();
  return readCsrThenUpload(page, base, locale);
}

/** Generates a new request with another alias (a new key), back on the certificate step. */
async function regenerate(page: Page, base: string, locale: Locale, alias: string) {
  const w = MESSAGES[locale].wizard.certificate!;
  await page.goto(`${base}/certificate`);
  await page.getByLabel(w.aliasNewLabel!, { exact: true }).fill(alias);
  await page.getByRole('button', { name: w.regenerate! }).click();
  await expect(page.getByLabel(w.aliasLabel!, { exact: true })).toHaveValue(alias);
  return readCsrThenUpload(page, base, locale);
}

async function readCsrThenUpload(page: Page, base: string, locale: Locale) {
  const w = MESSAGES[locale].wizard.certificate!;
  const csrField = page.getByLabel(w.csrLabel!, { exact: true });
  await expect(csrField).toHaveValue(/BEGIN CERTIFICATE REQUEST/);
  const csr = await csrField.inputValue();
  const alias = await page.getByLabel(w.aliasLabel!, { exact: true }).inputValue();
  await goToUpload(page, base, locale);
  return { alias, csr };
}

async function goToUpload(page: Page, base: string, locale: Locale) {
  await page.goto(`${base}/arca`);
  await page.getByRole('button', { name: MESSAGES[locale].wizard.arca!.next! }).click();
  await expect(page).toHaveURL(/\/upload$/);
}

/** Submits the upload form and expects every given message, with the pasted text kept. */
async function submitExpecting(
  page: Page,
  locale: Locale,
  input: { paste?: string; file?: { name: string; buffer: Buffer } },
  expected: string[],
) {
  const w = MESSAGES[locale].wizard.upload!;
  const pasteField = page.getByLabel(w.pasteLabel!);
  await pasteField.fill(input.paste ?? '');
  if (input.file)
    await page
      .locator('input[type=file][name=file]')
      .setInputFiles({ ...input.file, mimeType: 'application/octet-stream' });
  await page.getByRole('button', { name: w.submit! }).click();
  const message = page.getByTestId('form-message');
  for (const text of expected) await expect(message).toContainText(text);
  await expect(page).toHaveURL(/\/upload$/);
  await expect(pasteField).toHaveValue(input.paste ?? '');
}

for (const locale of ['es', 'en'] as const) {
  test(`every certificate error shows its own fixable message (${locale})`, async ({
    page,
    request,
  }, testInfo) => {
    needsRealPair();
    test.setTimeout(120_000);
    const noConsoleErrors = watchConsole(page);
    const prefix = locale === 'en' ? '/en' : '';
    const reg = await startRegistration(request, 'sandbox', 'Errores Posibles SA');
    const base = `${prefix}${reg.linkPath}`;
    const { alias, csr } = await reachUpload(page, base, locale);
    const key = readFileSync(REAL_KEY_FILE, 'utf8');

    await submitExpecting(page, locale, {}, [MESSAGES[locale].wizard.upload!.empty!]);
    await submitExpecting(page, locale, { paste: 'hola, esto no es un certificado' }, [
      said(locale, 'input_garbage'),
    ]);
    await submitExpecting(page, locale, { paste: csr }, [said(locale, 'input_csr')]);
    await submitExpecting(page, locale, { paste: key }, [said(locale, 'input_private_key')]);
    await submitExpecting(
      page,
      locale,
      { file: { name: 'factura.pdf', buffer: Buffer.from('%PDF-1.7\n' + 'x'.repeat(2000)) } },
      [said(locale, 'input_garbage')],
    );
    // A photo of the certificate is refused as soon as it is chosen, before three megabytes travel.
    await page.locator('input[type=file][name=file]').setInputFiles({
      name: 'foto-certificado.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.alloc(3 * 1024 * 1024, 1),
    });
    await expect(page.getByTestId('form-message')).toContainText(
      MESSAGES[locale].wizard
        .upload!.tooLarge!.replace('{name}', 'foto-certificado.jpg')
        .replace('{kb}', '3072'),
    );
    await expect(page.locator('input[type=file][name=file]')).toHaveValue('');
    await checkPage(page, testInfo, `sandbox-${locale}-4c-file-too-large`);
    // A paste far over the limit is held back in the browser, with its size named and the text kept.
    const huge = 'A'.repeat(300 * 1024);
    await page.getByLabel(MESSAGES[locale].wizard.upload!.pasteLabel!).fill(huge);
    await page.getByRole('button', { name: MESSAGES[locale].wizard.upload!.submit! }).click();
    await expect(page.getByTestId('form-message')).toContainText(
      MESSAGES[locale].wizard.upload!.pastedTooLarge!.replace('{kb}', '300'),
    );
    await expect(page.getByLabel(MESSAGES[locale].wizard.upload!.pasteLabel!)).toHaveValue(huge);
    // Sending the form again drops that message: the server's answer is what the supplier reads next.
    await submitExpecting(page, locale, { paste: csr }, [said(locale, 'input_csr')]);
    await expect(page.getByTestId('form-message')).not.toContainText('foto-certificado.jpg');
    await submitExpecting(
      page,
      locale,
      { file: { name: 'vencido.crt', buffer: readFileSync(REAL_CERTIFICATE_FILE) } },
      [said(locale, 'validity_expired'), '20-32964233-0'],
    );

    // A certificate from producción for a homologación account: refused as ARCA refuses it.
    const fromLive = await issueInSimulator(page, 'live', alias, csr, reg.cuit, {
      authorize: false,
    });
    await goToUpload(page, base, locale);
    await submitExpecting(page, locale, { paste: fromLive }, [
      said(locale, 'chain_other_environment'),
    ]);

    // The right certificate, but wsfe was never authorised in WSASS.
    const unauthorised = await issueInSimulator(page, 'sandbox', alias, csr, reg.cuit, {
      authorize: false,
    });
    await goToUpload(page, base, locale);
    await submitExpecting(page, locale, { paste: unauthorised }, [
      said(locale, 'wsaa_not_authorized'),
    ]);

    // Another company's certificate: its CUIT is named, and it was made for another key.
    const other = await startRegistration(request, 'sandbox', 'Otra Empresa SA');
    const foreign = await reachUpload(page, `${prefix}${other.linkPath}`, locale);
    const foreignPem = await issueInSimulator(
      page,
      'sandbox',
      foreign.alias,
      foreign.csr,
      other.cuit,
      { authorize: false },
    );
    await goToUpload(page, base, locale);
    await submitExpecting(page, locale, { paste: foreignPem }, [
      said(locale, 'cuit_mismatch'),
      formatCuit(other.cuit),
      said(locale, 'key_mismatch'),
    ]);
    await checkPage(page, testInfo, `sandbox-${locale}-4d-another-company`);

    // A new request replaces the key: the certificate of the earlier request no longer matches.
    const renewed = await regenerate(page, base, locale, 'otroalias2');
    expect(renewed.csr).not.toBe(csr);
    await submitExpecting(page, locale, { paste: unauthorised }, [said(locale, 'key_mismatch')]);
    noConsoleErrors();
  });
}

test('without JavaScript, a file over the request limit gets a page that leads back to the step', async ({
  browser,
  page,
  request,
}, testInfo) => {
  const reg = await startRegistration(request, 'sandbox', 'Sin JavaScript SA');
  await reachUpload(page, reg.linkPath, 'es');
  const plain = await browser.newContext({ javaScriptEnabled: false, locale: 'es-AR' });
  const noScript = await plain.newPage();
  await noScript.goto(`${reg.linkPath}/upload`);
  await noScript.locator('input[type=file][name=file]').setInputFiles({
    name: 'escaneo.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.alloc(1024 * 1024, 1),
  });
  await noScript.getByRole('button', { name: MESSAGES.es.wizard.upload!.submit! }).click();
  await expect(noScript.getByRole('heading', { level: 1 })).toHaveText(
    'El archivo es demasiado grande',
  );
  await noScript.getByRole('link', { name: 'Volver al paso' }).click();
  await expect(noScript).toHaveURL(new RegExp(`${reg.linkPath}/upload$`));
  await expect(noScript.getByRole('heading', { level: 1 })).toHaveText(
    MESSAGES.es.wizard.upload!.title!,
  );
  await plain.close();
  // axe needs scripts: the same page, fetched as that post answered it, checked where they run.
  const answer = await request.post(`${reg.linkPath}/upload`, {
    multipart: {
      file: {
        name: 'escaneo.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.alloc(1024 * 1024, 1),
      },
    },
  });
  expect(answer.status()).toBe(413);
  await page.goto('about:blank');
  await page.setContent(await answer.text());
  await checkPage(page, testInfo, 'sandbox-es-4e-too-large-without-javascript');
});
