import { expect, test } from '@playwright/test';
import { fixture } from './support/api';
import { axeViolations, checkPage, watchConsole } from './support/page-checks';

test.describe('public pages', () => {
  test('home page in Spanish by default', async ({ page }, testInfo) => {
    const noConsoleErrors = watchConsole(page);
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-AR');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Registrá tu empresa para facturar electrónicamente con ARCA',
    );
    await checkPage(page, testInfo, 'home-es');
    noConsoleErrors();
  });

  test('home page in English under /en', async ({ page }, testInfo) => {
    const noConsoleErrors = watchConsole(page);
    await page.goto('/en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Register your company to invoice electronically with ARCA',
    );
    await checkPage(page, testInfo, 'home-en');
    noConsoleErrors();
  });

  test('the accessibility check every page passes does find violations', async ({
    page,
    isMobile,
  }) => {
    test.skip(isMobile, 'the check itself is the same on both projects');
    await page.goto('/', { waitUntil: 'networkidle' });
    expect(await axeViolations(page)).toEqual([]);
    await page.evaluate(() => {
      document.documentElement.removeAttribute('lang');
      document
        .querySelector('main')!
        .insertAdjacentHTML(
          'beforeend',
          '<img src="/icon.svg"><input type="text"><a href="/"></a><ul><div>not an item</div></ul>',
        );
    });
    const found = (await axeViolations(page)).map((line) => line.split(':')[0]);
    expect(found.sort()).toEqual(['html-has-lang', 'image-alt', 'label', 'link-name', 'list']);
  });

  test('the language switch moves between Spanish and English on the same page', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/en$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Register your company');
    await page.getByRole('link', { name: 'Español' }).click();
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Registrá tu empresa');
  });

  test('the language switch works with the keyboard', async ({ page, isMobile }) => {
    test.skip(isMobile, 'keyboard navigation is checked on desktop');
    await page.goto('/');
    await page.keyboard.press('Tab'); // skip link
    await page.keyboard.press('Tab'); // brand
    await page.keyboard.press('Tab'); // language switch
    await expect(page.getByRole('link', { name: 'English' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/en$/);
  });

  test('unknown pages answer 404 in the visitor language', async ({ page }, testInfo) => {
    const es = await page.goto('/no-existe');
    expect(es?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('No encontramos esta página');
    await checkPage(page, testInfo, 'not-found-es');
    const en = await page.goto('/en/does-not-exist');
    expect(en?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("We couldn't find this page");
    await checkPage(page, testInfo, 'not-found-en');
  });
});

test.describe('headers and API routing through the one server', () => {
  test('pages carry a nonce CSP and the security headers', async ({ request }) => {
    const response = await request.get('/');
    const headers = response.headers();
    expect(headers['content-security-policy']).toMatch(
      /script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/,
    );
    expect(headers['content-security-policy']).toContain(`frame-ancestors 'none'`);
    expect(headers['x-content-type-options']).toBe('nosniff');
    const nonce = /'nonce-([^']+)'/.exec(headers['content-security-policy']!)![1];
    expect(await response.text()).toContain(`nonce="${nonce}"`);
  });

  test('registration paths are never indexed nor sent as referrer', async ({ request }) => {
    // A well-formed ref is rendered by Next (forms need same-origin); a malformed one gets the plain 404, which has no form.
    const wellFormed = 'A'.repeat(32);
    const expected = {
      [`/reg/${wellFormed}`]: 'same-origin',
      [`/en/reg/${wellFormed}`]: 'same-origin',
      '/reg/some-ref': 'no-referrer',
      '/en/reg/some-ref': 'no-referrer',
    };
    for (const [path, policy] of Object.entries(expected)) {
      const headers = (await request.get(path)).headers();
      expect(headers['referrer-policy'], path).toBe(policy);
      expect(headers['x-robots-tag'], path).toBe('noindex, nofollow');
    }
  });

  test('/favicon.ico leads to the app icon, never a 404', async ({ request }) => {
    const direct = await request.get('/favicon.ico', { maxRedirects: 0 });
    expect(direct.status()).toBe(308);
    const icon = await request.get('/favicon.ico');
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toContain('image/svg+xml');
  });

  test('the JSON API answers from the same server, outside the i18n proxy', async ({ request }) => {
    expect((await request.get('/utils/v1/ping')).status()).toBe(401);
    const ping = await request.get('/utils/v1/ping', {
      headers: { Authorization: `Bearer ${fixture('sandbox').apiKey}` },
    });
    expect(ping.status()).toBe(200);
    expect(await ping.json()).toEqual({ ping: 'pong' });
    expect(ping.headers()['content-security-policy']).toBeUndefined();
    const missing = await request.get('/silo/v1/nothing-here', {
      headers: { Authorization: `Bearer ${fixture('sandbox').apiKey}` },
    });
    expect(missing.status()).toBe(404);
    expect(missing.headers()['content-type']).toBe('application/problem+json');
    const doc = await request.get('/openapi.json');
    expect((await doc.json()).openapi).toBe('3.1.0');
  });
});
