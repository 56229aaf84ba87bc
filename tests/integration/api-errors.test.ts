import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { beforeAll, expect, it, vi } from 'vitest';
import { createApiApp } from '@/lib/api';
import { getLogger } from '@/lib/log';
import { apiHarness, party, send } from './support/api-harness';
import { describeEachDatabase } from './support/databases';
import { conformanceErrors } from './support/openapi-check';

describeEachDatabase('API errors', (database) => {
  const api = apiHarness(database);
  let ws: Awaited<ReturnType<typeof api.workspace>>;
  beforeAll(async () => {
    ws = await api.workspace();
  });

  const expectProblem = (
    res: { status: number; headers: Headers; body: unknown },
    status: number,
    code: string,
  ) => {
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(res.body).toMatchObject({
      type: expect.any(String),
      title: expect.any(String),
      status,
      code,
      key: code,
      message: expect.any(String),
    });
  };

  it('answers unknown routes with a 404 problem', async () => {
    for (const path of ['/silo/v1/nothing', '/utils/v1/ping/extra', '/transform/v1/jobs/a/b/c']) {
      const res = await api.call('GET', path, { key: ws.key });
      expectProblem(res, 404, 'not_found');
      expect(res.body.detail).toContain(path);
    }
  });

  it('answers an unsupported version with a 404 naming the supported ones', async () => {
    for (const [path, service] of [
      ['/transform/v9/jobs', 'transform'],
      ['/silo/v2/entries', 'silo'],
      ['/utils/beta/ping', 'utils'],
    ] as const) {
      const res = await api.call('GET', path, { key: ws.key });
      expectProblem(res, 404, 'not_found');
      expect(res.body.detail).toMatch(new RegExp(`of ${service} does not exist\\. Supported: v1`));
    }
  });

  it('answers a wrong method with 405 and Allow', async () => {
    const cases: [string, string, string][] = [
      ['DELETE', `/silo/v1/entries/${randomUUID()}`, 'GET, HEAD, PATCH, PUT'],
      ['PATCH', '/transform/v1/jobs', 'GET, HEAD, POST'],
      ['POST', '/utils/v1/ping', 'GET, HEAD'],
    ];
    for (const [method, path, allow] of cases) {
      const res = await api.call(method, path, { key: ws.key });
      expectProblem(res, 405, 'method_not_allowed');
      expect(res.headers.get('allow')?.split(', ').sort().join(', ')).toBe(allow);
    }
  });

  it('answers a body that is not JSON with 400, a wrong content type with 415, and more than 1 MB with 413', async () => {
    const malformed = await api.call('POST', '/silo/v1/entries', {
      key: ws.key,
      raw: '{"data": {',
      headers: { 'content-type': 'application/json' },
    });
    expectProblem(malformed, 400, 'bad_request');
    const text = await api.call('POST', '/silo/v1/entries', {
      key: ws.key,
      raw: 'name=Acme',
      headers: { 'content-type': 'text/plain' },
    });
    expectProblem(text, 415, 'unsupported_media_type');
    const form = await api.call('PUT', `/transform/v1/jobs/${randomUUID()}`, {
      key: ws.key,
      raw: 'a=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectProblem(form, 415, 'unsupported_media_type');
    const huge = { data: { ...party(), notes: 'x'.repeat(1024 * 1024) } };
    expectProblem(
      await api.call('POST', '/silo/v1/entries', { key: ws.key, json: huge }),
      413,
      'payload_too_large',
    );
    const listed = await api.call('GET', '/silo/v1/entries?limit=100', { key: ws.key });
    expect(listed.body.list).toEqual([]);
  });

  it('reads a chunked body without a length up to 1 MB and refuses one past it with 413', async () => {
    const origin = await api.origin();
    const headers = {
      authorization: `Bearer ${ws.key}`,
      'content-type': 'application/json',
      'transfer-encoding': 'chunked',
    };
    const small = await send(
      `${origin}/silo/v1/entries`,
      'POST',
      headers,
      JSON.stringify({ data: party('Chunked SRL') }),
    );
    expect(small.status).toBe(200);
    expect(JSON.parse(small.text).data.name).toBe('Chunked SRL');
    const huge = JSON.stringify({ data: { ...party(), notes: 'x'.repeat(1024 * 1024 + 1) } });
    const refused = await send(`${origin}/silo/v1/entries`, 'POST', headers, huge);
    expect(refused.status).toBe(413);
    expect(JSON.parse(refused.text)).toMatchObject({ status: 413, code: 'payload_too_large' });
  });

  it('takes a client that goes away mid-body as a cut-off request, not an unexpected error', async () => {
    const error = vi.spyOn(getLogger(), 'error').mockImplementation(() => undefined);
    try {
      const { port } = new URL(await api.origin());
      const socket = net.connect(Number(port), '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(
        `POST /silo/v1/entries HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${ws.key}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"data":`,
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      socket.destroy();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(error).not.toHaveBeenCalled();
    } finally {
      error.mockRestore();
    }
  });

  it('answers an unexpected exception with a generic 500 and logs the cause without leaking it', async () => {
    const error = vi.spyOn(getLogger(), 'error').mockImplementation(() => undefined);
    try {
      const secret = 'password=hunter2 at db.internal:5432';
      const broken = createApiApp({
        getDb: () => Promise.reject(new Error(`connection failed: ${secret}`)),
      });
      const res = await broken.request('/utils/v1/ping', {
        headers: { authorization: `Bearer ${ws.key}` },
      });
      expect(res.status).toBe(500);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      const text = await res.text();
      expect(text).not.toContain('hunter2');
      expect(text).not.toContain('connection failed');
      expect(JSON.parse(text)).toMatchObject({
        status: 500,
        code: 'internal',
        title: 'Internal server error',
      });
      expect(error).toHaveBeenCalledTimes(1);
      const [fields] = error.mock.calls[0] as unknown as [{ err: Error; path: string }];
      expect(fields.err.message).toContain('hunter2');
      expect(fields.path).toBe('/utils/v1/ping');
    } finally {
      error.mockRestore();
    }
  });

  it('limits each key per minute, shared by two instances on one database, with 429, Retry-After and RateLimit headers', async () => {
    // A fixed one-minute window: start well inside it so the five requests share it.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 57_000) await new Promise((r) => setTimeout(r, 60_500 - intoMinute));
    const one = apiHarness(database, { rateLimitPerMinute: 3 });
    const two = apiHarness(database, { rateLimitPerMinute: 3 });
    const own = await one.workspace();
    const other = await one.workspace();
    const answers = [
      await one.call('GET', '/utils/v1/ping', { key: own.key }),
      await two.call('GET', '/utils/v1/ping', { key: own.key }),
      await one.call('GET', '/silo/v1/entries', { key: own.key }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.headers.get('ratelimit-remaining'))).toEqual(['2', '1', '0']);
    expect(answers[0]!.headers.get('ratelimit-limit')).toBe('3');
    expect(answers[0]!.headers.get('ratelimit-policy')).toBe('3;w=60');
    for (const refused of [
      await two.call('GET', '/utils/v1/ping', { key: own.key }),
      await one.call('GET', '/utils/v1/ping', { key: own.key }),
    ]) {
      expectProblem(refused, 429, 'too_many_requests');
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(refused.headers.get('ratelimit-remaining')).toBe('0');
      expect(refused.headers.get('ratelimit-reset')).toBe(String(retryAfter));
    }
    expect((await two.call('GET', '/utils/v1/ping', { key: other.key })).status).toBe(200);
    expect(await conformanceErrors(one.app(), [...one.records, ...two.records])).toEqual([]);
  });

  it('answers every request as its OpenAPI document says', async () => {
    expect(await conformanceErrors(api.app(), api.records)).toEqual([]);
  });
});
