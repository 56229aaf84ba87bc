import { expect, test } from '@playwright/test';
import { fixture, startRegistration } from './support/api';
import { completeSandboxWizard } from './support/complete-wizard';
import { checkPage, watchConsole } from './support/page-checks';
import { issueInSimulator } from './support/simulator';

const COPY = {
  es: {
    title: (company: string) => `Renovación del certificado de ${company}`,
    notice: 'Estás renovando tu certificado. El actual sigue en uso hasta que valides el nuevo.',
    current: 'Tu certificado actual vence el',
    regime: 'Responsable inscripto',
    next: 'Continuar',
    generate: 'Generar pedido',
    alias: 'Alias del certificado',
    csr: 'Pedido de certificado (CSR)',
    have: 'Ya tengo el certificado',
    paste: 'Pegá el certificado',
    validate: 'Validar certificado',
    renewed: 'Renovaste tu certificado',
    expires: 'Tu certificado vence el',
  },
  en: {
    title: (company: string) => `Renewing ${company}'s certificate`,
    notice:
      "You're renewing your certificate. The current one stays in use until you validate the new one.",
    current: 'Your current certificate expires on',
    regime: 'Responsable inscripto (VAT-registered)',
    next: 'Continue',
    generate: 'Generate request',
    alias: 'Certificate alias',
    csr: 'Certificate request (CSR)',
    have: 'I have the certificate',
    paste: 'Paste the certificate',
    validate: 'Validate certificate',
    renewed: 'You renewed your certificate',
    expires: 'Your certificate expires on',
  },
} as const;

type Meta = { key: string; link_url?: string; value?: { renewal?: boolean } };

for (const locale of ['es', 'en'] as const) {
  test(`a registered supplier renews its certificate in ${locale === 'es' ? 'Spanish' : 'English'}`, async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(180_000);
    const c = COPY[locale];
    const company = 'Ferretería Núñez SA';
    const reg = await startRegistration(request, 'sandbox', company);
    const firstAlias = await completeSandboxWizard(page, reg.linkPath, reg.cuit);
    const noConsoleErrors = watchConsole(page);
    const link = async () =>
      (
        (
          await (
            await request.get(`/silo/v1/entries/${reg.entryId}`, { headers: reg.headers })
          ).json()
        ).meta as Meta[]
      ).find((m) => m.key === 'link')!;
    const job = async (id: string) =>
      (await (await request.get(`/transform/v1/jobs/${id}`, { headers: reg.headers })).json()) as {
        status: string;
      };
    await expect.poll(async () => (await job(reg.jobId)).status).toBe('OK');

    // The registration workflow again, on the registered supplier: the same link, now a renewal.
    const renewal = await request.post('/transform/v1/jobs', {
      headers: reg.headers,
      data: { workflow_id: fixture('sandbox').workflowId, silo_entry_id: reg.entryId },
    });
    expect(renewal.status()).toBe(202);
    const renewalJobId = (await renewal.json()).id as string;
    await expect.poll(async () => (await link()).value?.renewal).toBe(true);
    expect(new URL((await link()).link_url!).pathname).toBe(reg.linkPath);
    await expect.poll(async () => (await job(renewalJobId)).status).toBe('QUEUED');

    const prefix = locale === 'en' ? '/en' : '';
    const base = `${prefix}${reg.linkPath}`;
    await page.goto(base);
    await expect(page).toHaveURL(new RegExp(`${base}/company$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.title(company));
    await expect(page.locator('#renewal-notice')).toContainText(c.notice);
    await expect(page.locator('#renewal-notice')).toContainText(c.current);
    // What is known stays: the regime chosen the first time.
    await expect(page.getByLabel(c.regime)).toBeChecked();
    await checkPage(page, testInfo, `renewal-${locale}-1-company`);
    await page.getByRole('button', { name: c.next }).click();

    await expect(page).toHaveURL(/\/certificate$/);
    // A new request is needed: the current certificate's is not offered.
    await expect(page.locator('#ready')).toHaveCount(0);
    await expect(page.locator('#renewal-notice')).toBeVisible();
    await checkPage(page, testInfo, `renewal-${locale}-2-certificate`);
    await page.getByRole('button', { name: c.generate }).click();
    const ready = page.locator('#ready');
    await expect(ready.getByLabel(c.csr, { exact: true })).toHaveValue(/BEGIN CERTIFICATE REQUEST/);
    const alias = await ready.getByLabel(c.alias, { exact: true }).inputValue();
    expect(alias).not.toBe(firstAlias);
    const csr = await ready.getByLabel(c.csr, { exact: true }).inputValue();
    await ready.getByRole('link', { name: c.next }).click();
    await expect(page).toHaveURL(/\/arca$/);
    await checkPage(page, testInfo, `renewal-${locale}-3-arca`);
    await page.getByRole('button', { name: c.have }).click();
    await expect(page).toHaveURL(/\/upload$/);
    await checkPage(page, testInfo, `renewal-${locale}-4-upload`);

    // The supplier gets the new certificate in ARCA; until it validates the renewal job waits.
    const pem = await issueInSimulator(page, 'sandbox', alias, csr, reg.cuit);
    expect((await job(renewalJobId)).status).toBe('QUEUED');
    await page.goto(`${base}/upload`);
    await page.getByLabel(c.paste).fill(pem);
    await page.getByRole('button', { name: c.validate }).click();

    // Validated: the new certificate is in use at once, the points of sale are kept, it is done.
    await expect(page).toHaveURL(new RegExp(`${base}/done$`));
    await expect(page.locator('#renewed')).toContainText(c.renewed);
    await expect(page.locator('main')).toContainText(c.expires);
    await expect(page.locator('#renewal-notice')).toHaveCount(0);
    await checkPage(page, testInfo, `renewal-${locale}-5-done`);
    await expect.poll(async () => (await job(renewalJobId)).status).toBe('OK');
    expect((await link()).value?.renewal).toBe(false);
    noConsoleErrors();
  });
}
