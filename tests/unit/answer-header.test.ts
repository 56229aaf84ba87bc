import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { setAnswerHeader } from '@/lib/api/answer-header';

const app = new Hono();
app.use('*', async (c, next) => {
  setAnswerHeader(c, 'Cache-Control', 'no-store');
  setAnswerHeader(c, 'RateLimit-Remaining', '7');
  await next();
});
app.get('/plain', (c) => c.json({ ok: true }));
app.get('/own', (c) => c.body('x', 200, { 'Cache-Control': 'public, max-age=60' }));
app.get('/fails', () => {
  throw new Error('boom');
});
app.onError((_err, c) => c.json({ failed: true }, 500));

const server = http.createServer(getRequestListener(app.fetch));
const origin = new Promise<string>((resolve) =>
  server.listen(0, '127.0.0.1', () =>
    resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
  ),
);
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('setAnswerHeader', () => {
  it.each(['/plain', '/own', '/fails'])(
    '%s: the same headers over node:http (on Node’s response) as in process (through Hono)',
    async (path) => {
      const overHttp = await fetch(`${await origin}${path}`);
      const inProcess = await app.request(path);
      for (const res of [overHttp, inProcess]) {
        expect(res.headers.get('ratelimit-remaining')).toBe('7');
        // A route's own header of that name wins; every other answer gets the one set before it.
        expect(res.headers.get('cache-control')).toBe(
          path === '/own' ? 'public, max-age=60' : 'no-store',
        );
      }
      expect(overHttp.status).toBe(inProcess.status);
      expect(overHttp.headers.get('content-type')).toBe(inProcess.headers.get('content-type'));
    },
  );
});
