import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRegistrationPageServer } from '@/lib/page-cache';
import { BODY_LIMITS } from '@/lib/request-body';

// What Next 16 answers for these posts, standing in for it: its CSRF check aborts a fetch action
// whose Origin is another site's with a 500, `new URL(origin)` throws on one that does not parse,
// and its body limit throws past 256 KB, which a fetch action also turns into a 500.
function nextStandIn(req: http.IncomingMessage, res: http.ServerResponse) {
  const origin = req.headers.origin;
  let foreign = false;
  try {
    foreign = origin !== undefined && new URL(origin).host !== req.headers.host;
  } catch {
    foreign = true;
  }
  const length = Number(req.headers['content-length'] ?? 0);
  const chunked = req.headers['transfer-encoding'] !== undefined;
  const status = foreign || chunked || length > BODY_LIMITS.action ? 500 : 200;
  req.resume();
  req.once('end', () => res.writeHead(status, { 'content-type': 'text/plain' }).end('next'));
}

const FUZZ_PATHS = [
  '/console/settings',
  '/en/console/settings',
  '/console/sign-in',
  '/console/suppliers/new',
  '/console/workflows/new',
  '/console/invoices/0b4a1ef4-0000-4000-8000-000000000000/edit',
  '/',
  '/reg/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/upload',
];

describe('page posts Next would answer with a 500 are answered 4xx before Next', () => {
  let server: http.Server;
  let origin: string;
  beforeAll(async () => {
    const serve = createRegistrationPageServer({
      getDb: () => Promise.reject(new Error('no database in this suite')),
      viewsPerMinutePerRef: 100,
    });
    server = http.createServer((req, res) => {
      void serve(req, res, () => nextStandIn(req, res));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const post = (
    path: string,
    headers: Record<string, string | number>,
    // The arguments of an action called with none, as React encodes them.
    body: Buffer | string = '[]',
  ): Promise<{ status: number; text: string }> =>
    new Promise((resolve, reject) => {
      const req = http.request(
        `${origin}${path}`,
        { method: 'POST', headers, agent: false },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode!, text: Buffer.concat(chunks).toString('utf8') }),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  const action = { 'next-action': '7f'.repeat(21), 'content-type': 'text/plain;charset=UTF-8' };

  it('answers another site’s Origin 403 and one that does not parse 400, in the page’s language', async () => {
    const foreign = await post('/console/settings', { ...action, origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.text).toContain('No pudimos aceptar este envío');
    const english = await post('/en/console/settings', { ...action, origin: 'null' });
    expect([english.status, english.text.includes('another site')]).toEqual([403, true]);
    const garbled = await post('/console/settings', { ...action, origin: 'http://[' });
    expect(garbled.status).toBe(400);
    // The same site passes on to Next, as does a post with no Origin (Next lets those through).
    const host = new URL(origin).host;
    expect((await post('/console/settings', { ...action, origin: `http://${host}` })).status).toBe(
      200,
    );
    expect((await post('/console/settings', action)).status).toBe(200);
  });

  it('answers a body over 256 KB 413 on every page, and a chunked action body 411', async () => {
    const big = Buffer.alloc(BODY_LIMITS.action + 1, 'a');
    const consolePage = await post('/console/settings', action, big);
    expect(consolePage.status).toBe(413);
    expect(consolePage.text).toContain('Lo que enviaste es demasiado grande');
    const wizard = await post('/reg/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/upload', action, big);
    expect([wizard.status, wizard.text.includes('El archivo es demasiado grande')]).toEqual([
      413,
      true,
    ]);
    const chunked = await post('/console/settings', { ...action, 'transfer-encoding': 'chunked' });
    expect(chunked.status).toBe(411);
  });

  it('fuzz: no post to any page, whatever its Origin, size or framing, reaches a 500', async () => {
    const host = new URL(origin).host;
    const origins = [undefined, `http://${host}`, 'https://evil.example', 'null', '::', 'http://['];
    const bodies: [Record<string, string>, Buffer | string][] = [
      [{}, '[]'],
      [{}, 'a'],
      [{}, Buffer.alloc(BODY_LIMITS.action + 1)],
      [{}, Buffer.alloc(2 * 1024 * 1024)],
      [{ 'transfer-encoding': 'chunked' }, 'a'.repeat(1000)],
      [{ 'content-type': 'multipart/form-data; boundary=x' }, '--x\r\n\u0000\r\n--x--'],
    ];
    const statuses: Record<number, number> = {};
    for (const path of FUZZ_PATHS)
      for (const from of origins)
        for (const [extra, body] of bodies) {
          const headers: Record<string, string> = { ...action, ...extra };
          if (from !== undefined) headers.origin = from;
          const { status } = await post(path, headers, body);
          statuses[status] = (statuses[status] ?? 0) + 1;
        }
    expect(statuses[500]).toBeUndefined();
    expect(Object.keys(statuses).map(Number).sort()).toEqual([200, 400, 403, 411, 413]);
  });
});
