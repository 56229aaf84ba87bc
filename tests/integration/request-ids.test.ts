import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createApiApp } from '@/lib/api';
import { getLogger } from '@/lib/log';
import { parseTrustedProxies } from '@/lib/security';
import { createRequestHandler } from '@/lib/server';
import { apiHarness, type RecordedResponse } from './support/api-harness';
import { describeEachDatabase } from './support/databases';
import { conformanceErrors } from './support/openapi-check';

// Every line the app's logger writes, as pino writes it (the request id comes from its mixin).
const logged = vi.hoisted(() => [] as Record<string, unknown>[]);
vi.mock('@/lib/log', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/log')>();
  const logger = actual.createLogger(
    'info',
    new Writable({
      write(chunk, _encoding, done) {
        logged.push(JSON.parse(String(chunk)) as Record<string, unknown>);
        done();
      },
    }),
  );
  return { ...actual, getLogger: () => logger };
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface Answer {
  status: number;
  requestId: string | undefined;
  contentType: string;
  body: unknown;
}

function request(
  url: string,
  options: { from?: string; method?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, localAddress: options.from },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const contentType = res.headers['content-type'] ?? '';
          resolve({
            status: res.statusCode!,
            requestId: res.headers['x-request-id'] as string | undefined,
            contentType,
            body: /json/.test(contentType) ? JSON.parse(text) : text,
          });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The log lines written for one request (pino's access line comes when the answer has gone out). */
async function linesOf(requestId: string, count: number) {
  const lines = () => logged.filter((line) => line.requestId === requestId);
  for (let i = 0; i < 200 && lines().length < count; i++)
    await new Promise((resolve) => setTimeout(resolve, 5));
  return lines();
}

describeEachDatabase('request ids', (database) => {
  const api = apiHarness(database);
  const broken = createApiApp({
    getDb: () => Promise.reject(new Error('connection refused')),
    rateLimitPerMinute: 1_000_000,
  });
  const rendered: (string | string[] | undefined)[] = [];
  const handleRequest = createRequestHandler({
    trustedProxies: parseTrustedProxies('127.0.0.1'),
    requestsPerMinute: 10_000,
    accessLog: getLogger(),
    // /utils/v1/broken/* reaches an API whose database is gone: its unexpected error is a 500.
    handleApi: (req, res) => {
      if (req.url?.startsWith('/utils/v1/broken/')) {
        req.url = req.url.replace('/broken', '');
        return getRequestListener(broken.fetch)(req, res);
      }
      return getRequestListener(api.app().fetch)(req, res);
    },
    // A stand-in for Next whose "render" logs, as a domain verb called by a page would.
    handlePage: (req, res) => {
      rendered.push(req.headers['x-request-id']);
      getLogger().warn({ page: req.url }, 'page: rendering');
      res.writeHead(200, { 'content-type': 'text/html' }).end('<p>rendered</p>');
    },
  });
  const server = http.createServer(handleRequest);
  let origin = '';
  let key = '';
  beforeAll(async () => {
    key = (await api.workspace()).key;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const records: RecordedResponse[] = [];
  const record = (method: string, path: string, answer: Answer) =>
    void records.push({ method, path, ...answer });

  it('answers each API refusal with the id of its header, its body and its log line', async () => {
    const auth = { authorization: `Bearer ${key}` };
    for (const [method, path, headers, status] of [
      ['GET', '/silo/v1/entries', {}, 401],
      ['GET', '/silo/v1/nothing', auth, 404],
      ['POST', '/utils/v1/ping', auth, 405],
      ['GET', '/silo/v1/entries?limit=0', auth, 422],
    ] as const) {
      const answer = await request(`${origin}${path}`, { method, headers });
      record(method, path.split('?')[0]!, answer);
      expect(answer.status, path).toBe(status);
      expect(answer.requestId, path).toMatch(UUID);
      expect(answer.body, path).toMatchObject({ status, request_id: answer.requestId });
      const [access] = await linesOf(answer.requestId!, 1);
      expect(access, path).toMatchObject({ msg: 'request', method, status });
    }
    expect(await conformanceErrors(api.app(), records)).toEqual([]);
  });

  it('answers an unexpected error with a 500 whose id is on the logged cause', async () => {
    const answer = await request(`${origin}/utils/v1/broken/ping`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(answer.status).toBe(500);
    expect(answer.body).toMatchObject({ code: 'internal', request_id: answer.requestId });
    const lines = await linesOf(answer.requestId!, 2);
    expect(lines.map((line) => line.msg)).toEqual(['api: unexpected error', 'request']);
    expect(lines[0]).toMatchObject({ level: 'error', err: { message: 'connection refused' } });
  });

  it('keeps a trusted proxy’s well-formed X-Request-Id, and makes its own for anyone else', async () => {
    const id = `lb-${Math.random().toString(36).slice(2)}`;
    const sent = { 'x-request-id': id };
    const proxied = await request(`${origin}/silo/v1/nothing`, { headers: sent });
    expect(proxied.requestId).toBe(id);
    expect(proxied.body).toMatchObject({ status: 401, request_id: id });
    expect(await linesOf(id, 1)).toHaveLength(1);

    const direct = await request(`${origin}/silo/v1/nothing`, { from: '127.0.0.2', headers: sent });
    expect(direct.requestId).toMatch(UUID);
    expect(direct.body).toMatchObject({ request_id: direct.requestId });
    const malformed = await request(`${origin}/silo/v1/nothing`, {
      headers: { 'x-request-id': 'x'.repeat(65) },
    });
    expect(malformed.requestId).toMatch(UUID);
  });

  it('gives pages an id, handed to the page and on what it logs', async () => {
    const page = await request(`${origin}/console/sign-in`);
    expect(page.status).toBe(200);
    expect(page.requestId).toMatch(UUID);
    expect(rendered.at(-1)).toBe(page.requestId);
    const lines = await linesOf(page.requestId!, 2);
    expect(lines.map((line) => line.msg)).toEqual(['page: rendering', 'request']);
    const notFound = await request(`${origin}/reg/x`);
    expect(notFound.status).toBe(404);
    expect(notFound.requestId).toMatch(UUID);
    expect(notFound.requestId).not.toBe(page.requestId);
  });
});
