import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SupplierBrowser } from '@/bench/support/supplier-browser';
import { listenOnLoopback } from '../support/listen-on-loopback';

/**
 * The journeys bench's browser against a server that is busy for the first two tries of each
 * path (`503` with `Retry-After: 0`, as admission control answers), and `/broken` always `503`
 * without it (an error, not a wait).
 */
describe("the journeys bench's browser", () => {
  const tries = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const seen = (tries.get(req.url!) ?? 0) + 1;
    tries.set(req.url!, seen);
    if (req.url === '/broken') return void res.writeHead(503).end('down');
    if (seen <= 2) return void res.writeHead(503, { 'Retry-After': '0' }).end('busy');
    res.writeHead(200, { 'Content-Type': 'text/html' }).end('<p>page</p>');
  });
  let origin = '';
  beforeAll(async () => {
    origin = await listenOnLoopback(server);
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('waits out a 503 with Retry-After and sends the request again, counting it as a wait', async () => {
    const browser = new SupplierBrowser(() => origin, '10.0.0.1');
    try {
      const steps: string[] = [];
      const answer = await browser.document('/page', (step) => steps.push(step), 'open');
      expect([answer.status, answer.text]).toEqual([200, '<p>page</p>']);
      expect(tries.get('/page')).toBe(3);
      expect(browser.busyWaits).toBe(2);
      expect(steps).toEqual(['open']);
      await expect(browser.document('/broken', () => undefined, 'open')).rejects.toThrow(
        'GET /broken: 503 down',
      );
      expect([tries.get('/broken'), browser.busyWaits]).toEqual([1, 2]);
    } finally {
      browser.close();
    }
  });
});
