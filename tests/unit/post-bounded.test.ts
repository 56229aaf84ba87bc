import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BoundedPostError, postBounded } from '@/lib/http-client';

describe('postBounded', () => {
  let server: http.Server;
  let base: string;
  const received: string[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push(
          `${req.url} ${req.headers['content-length']} ${Buffer.concat(chunks).toString('utf8')}`,
        );
        if (req.url === '/redirect') return res.writeHead(302, { location: '/elsewhere' }).end();
        if (req.url === '/big') return res.writeHead(200).end('x'.repeat(10_000));
        if (req.url === '/drip') {
          res.writeHead(200);
          const timer = setInterval(() => res.write('.'), 50);
          return res.on('close', () => clearInterval(timer));
        }
        res.writeHead(200, { 'x-echo': 'yes' }).end('answer');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });
  const post = (path: string, extra: { timeoutMs?: number; maxResponseBytes?: number } = {}) =>
    postBounded({
      url: new URL(`${base}${path}`),
      body: 'héllo',
      headers: {},
      timeoutMs: 2_000,
      maxResponseBytes: 1_000,
      ...extra,
    });

  it('posts the body with its byte length and answers status, headers and body', async () => {
    const answer = await post('/ok');
    expect(answer).toMatchObject({ status: 200, truncated: false, headers: { 'x-echo': 'yes' } });
    expect(answer.body.toString()).toBe('answer');
    expect(received.at(-1)).toBe('/ok 6 héllo');
  });

  it('never follows a redirect', async () => {
    const before = received.length;
    expect((await post('/redirect')).status).toBe(302);
    expect(received.slice(before).map((line) => line.split(' ')[0])).toEqual(['/redirect']);
  });

  it('keeps at most maxResponseBytes of the answer and says it cut it', async () => {
    const answer = await post('/big', { maxResponseBytes: 1_000 });
    expect(answer.truncated).toBe(true);
    expect(answer.body.length).toBe(1_000);
  });

  it('holds the deadline on the whole exchange, also against a server that keeps trickling bytes', async () => {
    const started = Date.now();
    const error = await post('/drip', { timeoutMs: 300, maxResponseBytes: 1_000_000 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BoundedPostError);
    expect(error).toMatchObject({ kind: 'timeout' });
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('names a connection that fails as unreachable', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await postBounded({
      url: new URL(`http://127.0.0.1:${port}/`),
      body: '',
      headers: {},
      timeoutMs: 2_000,
      maxResponseBytes: 10,
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'BoundedPostError', kind: 'unreachable' });
  });

  it('resolves the host with the lookup it is given', async () => {
    const asked: string[] = [];
    const lookup = ((
      hostname: string,
      options: { all?: boolean },
      callback: (error: Error | null, ...answer: unknown[]) => void,
    ) => {
      asked.push(hostname);
      if (options.all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
      else callback(null, '127.0.0.1', 4);
    }) as never;
    const port = new URL(base).port;
    expect(
      (
        await postBounded({
          url: new URL(`http://hooks.test:${port}/ok`),
          body: '',
          headers: {},
          timeoutMs: 2_000,
          maxResponseBytes: 100,
          lookup,
        })
      ).status,
    ).toBe(200);
    expect(asked).toEqual(['hooks.test']);
  });
});
