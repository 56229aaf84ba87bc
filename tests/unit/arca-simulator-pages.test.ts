import { describe, expect, it } from 'vitest';
import { createArcaSimulator } from '@/lib/arca-simulator';
import es from '@/messages/es.json';

const app = createArcaSimulator({
  db: () => Promise.reject(new Error('pages must render without the database')),
});
const PAGES = [
  '/',
  '/sandbox/wsass',
  '/live/certificados',
  '/live/relaciones',
  '/live/puntos-de-venta',
];

describe('simulated ARCA pages', () => {
  for (const path of PAGES) {
    it(`${path} is Spanish, labelled, script-free and works as a plain form`, async () => {
      const res = await app.request(path);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toMatch(/<html lang="es">/);
      expect(html).toMatch(/<h1>[^<]+<\/h1>/);
      expect(html).not.toMatch(/<script|\sstyle="|\son[a-z]+="/i);
      const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
      expect(new Set(ids).size).toBe(ids.length);
      for (const [, id] of html.matchAll(
        /<(?:input|select|textarea) id="([^"]+)"(?![^>]*type="hidden")/g,
      ))
        expect(html, id).toContain(`<label for="${id}">`);
      for (const [, action] of html.matchAll(/<form method="post" action="([^"]+)"/g))
        expect(action).toMatch(/^\/simulator\/arca\//);
    });
  }

  it('has an index that leads to every simulated portal', async () => {
    const html = await (await app.request('/')).text();
    for (const path of PAGES.slice(1)) expect(html).toContain(`href="/simulator/arca${path}"`);
  });

  it('reflects only known messages after a redirect', async () => {
    const html = await (
      await app.request('/sandbox/wsass?error=alias_mismatch&ok=<script>')
    ).text();
    expect(html).toContain('role="alert"');
    expect(html).toContain('no coincide con el CN');
    expect(html).not.toContain('<script>');
  });

  // The wizard tells the supplier what to find on each portal page: the simulated page must show those very words.
  const quoted = (text: string) =>
    [...text.matchAll(/«([^»]+)»/g)]
      .map((m) => m[1]!)
      .filter((name) => name !== es.wizard.arca.download);
  const unescape = (html: string) => html.replaceAll('&amp;', '&').replaceAll('&quot;', '"');
  for (const [path, keys] of [
    ['/sandbox/wsass', ['s3Body', 's5Body']],
    ['/live/certificados', ['s3Body']],
    ['/live/relaciones', ['s5Body']],
  ] as const) {
    it(`${path} shows every name the wizard quotes for it`, async () => {
      const html = unescape(await (await app.request(path)).text());
      const steps = es.wizard.arca[path.startsWith('/sandbox') ? 'sandbox' : 'live'];
      for (const name of keys.flatMap((key) => quoted(steps[key])))
        expect(html, name).toContain(name);
    });
  }
});
