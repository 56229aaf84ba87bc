import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test, type Download, type Page } from '@playwright/test';
import { checkPage, watchConsole } from './support/page-checks';
import { readSeed, signIn } from './support/console';

const seed = readSeed();

/** The downloaded PDF's text, as pdftotext reads it (poppler-utils, installed by the test command). */
async function pdfText(download: Download, path: string): Promise<string> {
  await download.saveAs(path);
  expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');
  return execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' });
}

/** Nothing wider than a 360 px phone: the page never scrolls sideways. */
async function expectNoOverflowAt360(page: Page) {
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 360, height: 740 });
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.setViewportSize(size);
}

test.describe('console invoices', () => {
  test('an operator lists invoices, sends a Factura B to ARCA from the console, reads its CAE and prints it with the QR', async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    const noConsoleErrors = watchConsole(page);
    const project = testInfo.project.name;
    const invoices = seed.invoices[project];
    if (!invoices) throw new Error(`console-seed.ts seeds no invoices for project ${project}`);
    await signIn(page, invoices.email, seed.password);
    // No link is prefetched: each prefetch is a server render counted against the address's page limit.
    const prefetches: string[] = [];
    page.on('request', (request) => {
      if (request.headers()['next-router-prefetch']) prefetches.push(request.url());
    });

    // The list, newest first: the invoices unnumbered, their types chosen from the supplier's regime.
    await page
      .getByRole('navigation', { name: 'Consola' })
      .getByRole('link', { name: 'Facturas' })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Facturas');
    const rows = page.getByTestId('invoice-row');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText('sin número');
    await expect(rows.nth(0)).toContainText('Factura A');
    await expect(rows.nth(0)).toContainText('Panadería Sol SA · CUIT 30-71234567-1');
    await expect(rows.nth(0)).toContainText('$ 3.267,44');
    await expect(rows.nth(1)).toContainText('Factura B');
    await expect(rows.nth(1)).toContainText('Consumidor final');
    await expect(rows.nth(1)).toContainText('Sin enviar');
    await expect(rows.nth(2)).toContainText('US$ 484,00');
    await checkPage(page, testInfo, 'invoices-list-es');
    await page.waitForLoadState('networkidle');
    expect(prefetches).toEqual([]);
    // Filters live in the address (a GET form).
    await page.getByLabel('Punto de venta').fill('0002');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect(page).toHaveURL(/pos=0002/);
    await expect(rows).toHaveCount(1);
    await expect(page.getByText('1 factura coincide con los filtros.')).toBeVisible();

    // The invoice page: lines, IVA, totals; send it.
    await rows.getByRole('link', { name: 'sin número' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Factura B, sin número todavía',
    );
    await expect(page.getByTestId('invoice-vat')).toContainText('21 %');
    await expect(page.getByTestId('invoice-grand-total')).toHaveText('$ 12.100,00');
    await expect(page.getByTestId('arca-answer')).toContainText('Todavía no se envió a ARCA.');
    await checkPage(page, testInfo, 'invoice-unsent-es');
    await page.getByRole('button', { name: 'Enviar a ARCA' }).click();
    await expect(page.getByTestId('form-status')).toHaveText(
      'Listo, la factura está en camino a ARCA.',
    );
    // The job runs in the server against the simulated ARCA: reload until its answer is there.
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('cae')).toHaveText(/^\d{14}$/, { timeout: 1_000 });
    }).toPass({ timeout: 60_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Factura B 0002-00000001');
    // The CAE is stamped before the pdf step runs; the entry is «Autorizada» once the workflow ends
    // (the process's first PDF also starts its render thread).
    await expect(async () => {
      await page.reload();
      await expect(page.getByText('Autorizada').first()).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByTestId('state-history')).toContainText('Enviando');
    const cae = (await page.getByTestId('cae').textContent())!;
    // «Archivos»: the pdf step of ar-invoice attached the voucher's PDF; download it and read it.
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('invoice-files')).toContainText('factura-B-0002-00000001.pdf', {
        timeout: 1_000,
      });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'Archivos' })).toBeVisible();
    const fromFiles = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Descargar factura-B-0002-00000001.pdf' }).click();
    const text = await pdfText(await fromFiles, testInfo.outputPath(`files-${project}.pdf`));
    expect(text).toMatch(/Punto de venta: 0002\s+Comp\. Nro: 00000001/);
    expect(text).toContain(cae);
    expect(text).toMatch(/sin validez fiscal/i);
    expect(text).toContain('Ley 27.743');
    await expectNoOverflowAt360(page);
    await checkPage(page, testInfo, 'invoice-sent-es');

    // The printable view: letter box, number, CAE and ARCA's QR; as the browser prints it, and a PDF.
    await page.getByRole('link', { name: 'Vista para imprimir' }).click();
    const printed = page.getByTestId('printable-invoice');
    await expect(page.getByTestId('voucher-letter')).toHaveText('BCOD. 006');
    await expect(printed).toContainText('Punto de venta:0002Comp. Nro:00000001');
    await expect(printed).toContainText('Condición frente al IVA:IVA Responsable Inscripto');
    await expect(printed).toContainText('Condición frente al IVA:Consumidor Final');
    await expect(page.getByTestId('print-terms')).toHaveCount(0);
    await expect(page.getByTestId('print-cae')).toContainText(cae);
    await expect(page.getByTestId('arca-qr').locator('svg')).toBeVisible();
    await expect(page.getByTestId('not-authorised')).toHaveCount(0);
    await expectNoOverflowAt360(page);
    // The console's workspace is a sandbox one: homologación vouchers say they have no fiscal value.
    await expect(page.getByTestId('sandbox-mark')).toContainText(
      'Comprobante de prueba — sin validez fiscal',
    );
    await expect(printed).toContainText(
      'Régimen de Transparencia Fiscal al Consumidor (Ley 27.743)',
    );
    const download = page.waitForEvent('download');
    await page.getByTestId('download-pdf').click();
    expect((await download).suggestedFilename()).toBe('factura-B-0002-00000001.pdf');
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Imprimir' })).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Consola' })).toBeHidden();
    await checkPage(page, testInfo, 'invoice-print-es');
    const pdf = testInfo.outputPath(`invoice-${project}.pdf`);
    await page.pdf({ path: pdf, format: 'A4', printBackground: true });
    await testInfo.attach('invoice-pdf', { path: pdf, contentType: 'application/pdf' });
    await page.emulateMedia({ media: 'screen' });

    // An invoice ARCA has not authorised prints as such, with no QR.
    await page.goto(`/console/invoices/${invoices.typeA}/print`);
    await expect(page.getByTestId('not-authorised')).toContainText('Comprobante no autorizado');
    await expect(page.getByTestId('arca-qr')).toHaveCount(0);
    await expect(page.getByTestId('voucher-letter')).toHaveText('ACOD. 001');

    // Services in dollars: the period, the payment due date, the currency and its rate.
    await page.goto(`/console/invoices/${invoices.usdServices}/print`);
    const terms = page.getByTestId('print-terms');
    await expect(terms).toContainText('Período facturado:del 01/03/2026 al 31/03/2026');
    await expect(terms).toContainText('Fecha de vto. para el pago:10/04/2026');
    await expect(terms).toContainText('Moneda:USDCotización:$ 1.050,50');
    await checkPage(page, testInfo, 'invoice-print-usd-services-es');

    // English.
    await page.goto('/en/console/invoices?state=sent');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invoices');
    await expect(rows).toHaveCount(1);
    await expect(rows.nth(0)).toContainText('0002-00000001');
    await expect(rows.nth(0)).toContainText('Invoice B');
    await expect(rows.nth(0)).toContainText('Authorised');
    await expect(page.getByTestId('invoice-cae')).toHaveText(cae);
    await expect(rows.nth(0)).toContainText('ARS 12,100.00');
    await checkPage(page, testInfo, 'invoices-list-en');
    await rows.getByRole('link', { name: '0002-00000001' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invoice B 0002-00000001');
    await expect(page.getByTestId('arca-answer')).toContainText('ARCA approved the voucher.');
    await expect(page.getByRole('heading', { name: 'Files' })).toBeVisible();
    const fromFilesEn = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download factura-B-0002-00000001.pdf' }).click();
    expect(
      await pdfText(await fromFilesEn, testInfo.outputPath(`files-en-${project}.pdf`)),
    ).toContain(cae);
    await checkPage(page, testInfo, 'invoice-sent-en');
    await page.getByRole('link', { name: 'Printable view' }).click();
    await expect(page.getByTestId('print-cae')).toContainText('Authorised voucher');
    await checkPage(page, testInfo, 'invoice-print-en');
    noConsoleErrors();
  });

  test('a long invoice shows its lines a hundred at a time, and prints them all', async ({
    page,
  }, testInfo) => {
    const noConsoleErrors = watchConsole(page);
    const long = seed.longInvoices[testInfo.project.name]!;
    await signIn(page, long.email, seed.password);
    await page.goto(`/console/invoices/${long.id}`);
    const lines = page.getByTestId('invoice-lines').locator('tbody tr');
    await expect(lines).toHaveCount(100);
    await expect(lines.first()).toContainText('Tornillo 1');
    await expect(page.getByTestId('invoice-lines-range')).toHaveText('Líneas 1 a 100 de 150');
    // The totals are the whole invoice's, whichever page of lines is shown.
    await expect(page.getByTestId('invoice-grand-total')).toContainText('1.815,00');
    await checkPage(page, testInfo, 'invoice-long-lines-es');
    await page
      .getByRole('navigation', { name: 'Páginas del detalle' })
      .getByRole('link', { name: 'Siguiente' })
      .click();
    await expect(page).toHaveURL(/lines=2/);
    await expect(lines).toHaveCount(50);
    await expect(lines.first()).toContainText('Tornillo 101');
    await expect(page.getByTestId('invoice-lines-range')).toHaveText('Líneas 101 a 150 de 150');

    await page.goto(`/en/console/invoices/${long.id}?lines=9`);
    await expect(page.getByTestId('invoice-lines-range')).toHaveText('Lines 101 to 150 of 150');

    // The printable voucher carries every line.
    await page.goto(`/console/invoices/${long.id}/print`);
    await expect(page.getByTestId('print-lines').locator('tbody tr')).toHaveCount(long.lines);
    await checkPage(page, testInfo, 'invoice-long-print-es');
    noConsoleErrors();
  });
});
