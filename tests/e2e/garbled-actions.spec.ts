import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { readSeed, signIn } from './support/console';

const seed = readSeed();

// Hand-made server action posts, as a script rather than a browser would send them: every action
// the build holds, each with arguments React's decoder cannot read. Next answers those with a bare
// 500; the app answers 400 before Next reads them (lib/page-cache/refuse-garbled-action.ts).
const GARBLED: [string, string][] = [
  ['text/plain;charset=UTF-8', '[[[['],
  ['text/plain;charset=UTF-8', 'null'],
  ['text/plain;charset=UTF-8', '["$@1","$Q2","$T"]'],
  ['text/plain;charset=UTF-8', '[{"a":"$1:a:b"}]'],
  ['text/plain;charset=UTF-8', '["$n12x"]'],
  ['text/plain;charset=UTF-8', '["\u0000"]'],
  ['multipart/form-data; boundary=zz', 'garbage'],
  [
    'multipart/form-data; boundary=zz',
    '--zz\r\nContent-Disposition: form-data; name="0"\r\n\r\n["$K1","$5"]\r\n--zz--\r\n',
  ],
  ['application/json', '{'],
];

test('no hand-made server action post gets a 500, on a console page or the sign-in page', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one browser is enough: no page is rendered');
  const manifest = JSON.parse(
    readFileSync('.next/server/server-reference-manifest.json', 'utf8'),
  ) as { node: Record<string, unknown> };
  const actionIds = Object.keys(manifest.node);
  expect(actionIds.length).toBeGreaterThan(10);
  await signIn(page, seed.a.email, seed.password);
  const failures: string[] = [];
  let posts = 0;
  for (const path of [
    '/console/settings',
    `/console/suppliers/${seed.a.supplierId}`,
    '/console/sign-in',
  ])
    for (const id of actionIds)
      for (const [type, body] of GARBLED) {
        const answer = await page.request.post(path, {
          headers: { 'next-action': id, 'content-type': type, accept: 'text/x-component' },
          data: body,
          maxRedirects: 0,
          failOnStatusCode: false,
        });
        posts += 1;
        if (answer.status() >= 500) failures.push(`${answer.status()} ${path} ${id} ${body}`);
      }
  expect(posts).toBe(3 * actionIds.length * GARBLED.length);
  expect(failures).toEqual([]);
});
