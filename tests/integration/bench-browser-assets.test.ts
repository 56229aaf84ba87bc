import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SupplierBrowser } from '@/bench/support/supplier-browser';
import { listenOnLoopback } from '../support/listen-on-loopback';

// As Next writes a page's head: a script both preloaded and loaded, a polyfill only browsers
// without modules run, the icon with its cache-busting query, a stylesheet.
const PAGE = (n: number) =>
  [
    '<link rel="stylesheet" href="/_next/static/chunks/app.css" nonce="x"/>',
    '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/main.js"/>',
    '<link rel="icon" href="/icon.svg?icon.abc.svg" sizes="any" type="image/svg+xml"/>',
    `<script src="/_next/static/chunks/page${n}.js" async=""></script>`,
    '<script src="/_next/static/chunks/polyfills.js" noModule="" nonce="x"></script>',
    '<script src="/_next/static/chunks/main.js" nonce="x" async=""></script>',
  ].join('');

/** The journeys bench's browser fetches a document's files as Chromium does: each once, ever. */
describe("the journeys bench's browser, a document's files", () => {
  const fetched: string[] = [];
  const server = http.createServer((req, res) => {
    fetched.push(req.url!);
    const page = /^\/page(\d)$/.exec(req.url!);
    if (page) return void res.writeHead(200, { 'Content-Type': 'text/html' }).end(PAGE(+page[1]!));
    if (req.url === '/inline-icon')
      return void res
        .writeHead(200, { 'Content-Type': 'text/html' })
        .end('<link rel="icon" href="data:,"><script src="/simulator/arca/app.js"></script>');
    res.writeHead(200).end('file');
  });
  let origin = '';
  beforeAll(async () => {
    origin = await listenOnLoopback(server);
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('fetches a preloaded script once, skips nomodule scripts, fetches the icon (not an inline one), and never again on the next page', async () => {
    const browser = new SupplierBrowser(() => origin, '10.0.0.1');
    try {
      await browser.document('/page1', () => undefined, 'open');
      expect(fetched.sort()).toEqual(
        [
          '/page1',
          '/_next/static/chunks/app.css',
          '/_next/static/chunks/main.js',
          '/_next/static/chunks/page1.js',
          '/icon.svg?icon.abc.svg',
        ].sort(),
      );
      fetched.length = 0;
      await browser.document('/page2', () => undefined, 'open');
      expect(fetched.sort()).toEqual(['/_next/static/chunks/page2.js', '/page2'].sort());
      fetched.length = 0;
      // The simulated ARCA's pages have an inline icon: nothing to fetch for it.
      await browser.document('/inline-icon', () => undefined, 'open');
      expect(fetched.sort()).toEqual(['/inline-icon', '/simulator/arca/app.js'].sort());
    } finally {
      browser.close();
    }
  });
});
