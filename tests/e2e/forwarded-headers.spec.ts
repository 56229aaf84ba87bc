import { expect, test } from '@playwright/test';

// The app runs without TRUST_PROXY here, as it does unless configured behind a proxy.
test.describe('forwarded headers from a client', () => {
  test('a server action posted from another origin with a spoofed X-Forwarded-Host is refused', async ({
    page,
    baseURL,
  }) => {
    await page.goto('/console/sign-in');
    // The sign-in form exactly as a browser without JavaScript would post it (action id included).
    const fields = await page
      .locator('form')
      .first()
      .evaluate((form: HTMLFormElement) =>
        [...new FormData(form).entries()].map(([name, value]) => [name, String(value)]),
      );
    const multipart = Object.fromEntries([
      ...fields,
      ['email', 'nobody@example.com'],
      ['password', 'not-the-password'],
    ]);
    const post = (headers: Record<string, string>) =>
      page.request.post('/console/sign-in', {
        multipart,
        headers,
        maxRedirects: 0,
        failOnStatusCode: false,
      });

    const spoofed = await post({
      Origin: 'https://attacker.example',
      'X-Forwarded-Host': 'attacker.example',
    });
    // Refused before Next (lib/page-cache/refuse-unfit-post.ts): a 403, never Next's 500.
    expect(spoofed.status()).toBe(403);

    // The same post from the app's own origin reaches the action, which answers the form again.
    const sameOrigin = await post({ Origin: new URL(baseURL!).origin });
    expect(sameOrigin.status()).toBe(200);
    expect(await sameOrigin.text()).toContain('name="password"');
  });
});
