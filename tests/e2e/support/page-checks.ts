import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

/** Fails on any console error (a CSP violation shows up here) seen since the call. */
export function watchConsole(page: Page): () => void {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return () => expect(errors, 'console errors').toEqual([]);
}

/**
 * Zero WCAG 2.2 AA violations, and a full-page screenshot saved as an artifact. The screenshot is
 * taken in CSS pixels: on the phone viewport (Pixel 7, 2.625 device pixels per CSS pixel) a
 * device-scale full page is ~7 times the pixels, and encoding it took ~6.5 s per page against
 * ~0.8 s, for a picture of the same layout.
 */
export async function checkPage(page: Page, testInfo: TestInfo, name: string) {
  // Next streams metadata after a client-side navigation; every page must end up with a title.
  await expect(page).toHaveTitle(/\S/);
  expect(await axeViolations(page), 'axe violations').toEqual([]);
  const file = testInfo.outputPath(`${name}-${testInfo.project.name}.png`);
  await page.screenshot({ path: file, fullPage: true, scale: 'css' });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/** The page's WCAG 2.2 AA violations, one line each: the rule, its help and the elements. */
export async function axeViolations(page: Page): Promise<string[]> {
  // Legacy mode runs axe in the page itself. The default finishes each run in a second, blank page
  // (for cross-origin frames, which no page here has): the same results, at twice the CPU (2.0 s
  // against 0.9 s a console page on two cores, most of the suite's time on a slow machine).
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .setLegacyMode(true)
    .analyze();
  return results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
}
