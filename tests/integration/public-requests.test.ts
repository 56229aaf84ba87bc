import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getRequestListener } from '@hono/node-server';
import { createApiApp } from '@/lib/api';
import { createArcaSimulator } from '@/lib/arca-simulator';
import type { Db } from '@/lib/db';
import { newRef } from '@/lib/registration';
import { parseTrustedProxies } from '@/lib/security';
import { createRequestHandler } from '@/lib/server';
import { connectApp, createApiKey, createWorkspace } from '@/lib/workspaces';
import { describeEachDatabase } from './support/databases';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** One request from a chosen loopback source address (127.0.0.0/8 is all this machine's). */
function request(
  origin: string,
  path: string,
  options: { from?: string; method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${origin}${path}`,
      {
        method: options.method ?? 'GET',
        headers: options.headers,
        localAddress: options.from ?? '127.0.0.1',
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/**
 * server.ts's request listener itself (createRequestHandler: client address, per-address limit,
 * then the real API app or the pages); a stand-in for Next records what it was asked to render
 * and with which headers.
 */
function startServer(options: {
  trustProxy?: string;
  requestsPerMinute: number;
  getDb?: () => Promise<Db>;
}) {
  const rendered: { url: string; headers: http.IncomingHttpHeaders }[] = [];
  const getDb = options.getDb ?? (() => Promise.reject(new Error('no database in this suite')));
  const api = createApiApp({
    getDb,
    rateLimitPerMinute: 1_000_000,
    simulator: createArcaSimulator({ db: getDb, basePath: '/simulator/arca' }),
  });
  const handleRequest = createRequestHandler({
    trustedProxies: parseTrustedProxies(options.trustProxy),
    requestsPerMinute: options.requestsPerMinute,
    handleApi: getRequestListener(api.fetch),
    handlePage: (req, res) => {
      rendered.push({ url: req.url!, headers: { ...req.headers } });
      res.writeHead(200, { 'content-type': 'text/html' }).end('<p>rendered</p>');
    },
    // A clock that stands still: every request of a test falls in one window.
    now: () => Date.UTC(2026, 0, 1, 10, 0, 5),
  });
  const server = http.createServer(handleRequest);
  let origin = '';
  return {
    rendered,
    origin: () => origin,
    start: () =>
      new Promise<void>((resolve) =>
        server.listen(
          0,
          '127.0.0.1',
          () => (
            (origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`),
            resolve()
          ),
        ),
      ),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('unauthenticated page requests before Next', () => {
  describe('malformed registration links', () => {
    const app = startServer({ requestsPerMinute: 10_000 });
    beforeAll(app.start);
    afterAll(app.stop);

    it('answer a plain translated 404 without rendering, whatever follows the ref', async () => {
      const malformed = [
        '/reg/x',
        '/reg/not-a-ref/company',
        `/reg/${'A'.repeat(31)}/csr`,
        `/reg/${'A'.repeat(33)}`,
        '/reg/',
        '/reg',
        `/reg/${'A'.repeat(31)}%2F/upload`,
        '/es/reg/abc',
      ];
      for (const path of malformed) {
        const answer = await request(app.origin(), path);
        expect(answer.status, path).toBe(404);
        expect(answer.text, path).toContain('No encontramos esta página');
        expect(answer.headers['cache-control']).toBe('no-store');
      }
      const english = await request(app.origin(), '/en/reg/abc/company');
      expect(english.status).toBe(404);
      expect(english.text).toContain("We couldn't find this page");
      expect(english.text).toContain('href="/en"');
      expect(app.rendered).toEqual([]);
    });

    it('let every well-formed ref through to the app (which looks it up)', async () => {
      const ref = newRef();
      for (const path of [
        `/reg/${ref}`,
        `/reg/${ref}/company`,
        `/en/reg/${ref}/csr`,
        '/registro',
        '/console/sign-in',
      ]) {
        expect((await request(app.origin(), path)).status, path).toBe(200);
      }
      expect(app.rendered.map((r) => r.url)).toEqual([
        `/reg/${ref}`,
        `/reg/${ref}/company`,
        `/en/reg/${ref}/csr`,
        '/registro',
        '/console/sign-in',
      ]);
    });
  });

  describe('the per-address limit', () => {
    // A sixth of the minute's budget in any 10 seconds: 6 here.
    const app = startServer({ requestsPerMinute: 36 });
    beforeAll(app.start);
    afterAll(app.stop);

    it('counts every page path from one address (404s, the CSR download, sign-in and its action) and refuses past it', async () => {
      const from = '127.0.0.21';
      const paths = [
        '/no-such-page',
        `/reg/${newRef()}/csr`,
        '/console/sign-in',
        '/reg/malformed',
        '/en/console/sign-in',
      ];
      for (const path of paths)
        expect((await request(app.origin(), path, { from })).status).not.toBe(429);
      const action = await request(app.origin(), '/console/sign-in', {
        from,
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: '[]',
      });
      expect(action.status).toBe(200);
      const refused = await request(app.origin(), '/console/sign-in', {
        from,
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: '[]',
      });
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe('5');
      // Outside the wizard there is no progress to promise, and the wait is seconds.
      expect(refused.text).toContain('Demasiados pedidos seguidos');
      expect(refused.text).toContain('Esperá unos segundos');
      expect(refused.text).not.toContain('avance');
      expect(refused.text).not.toContain('minuto');
      const wizard = await request(app.origin(), `/reg/${newRef()}/company`, { from });
      expect(wizard.status).toBe(429);
      expect(wizard.text).toContain('Demasiadas visitas seguidas');
      expect(wizard.text).toContain('tu avance está guardado');
      const englishSignIn = await request(app.origin(), '/en/console/sign-in', { from });
      expect(englishSignIn.text).toContain('Wait a few seconds and try again.');
      expect(englishSignIn.text).not.toContain('progress');
      const english = await request(app.origin(), `/en/reg/${newRef()}/company`, { from });
      expect(english.status).toBe(429);
      expect(english.text).toContain('Too many visits in a row');
      expect(english.text).toContain('your progress is saved');
      // Build files are not counted; another address has its own budget.
      expect((await request(app.origin(), '/_next/static/chunks/app.js', { from })).status).toBe(
        200,
      );
      expect((await request(app.origin(), '/no-such-page', { from: '127.0.0.22' })).status).toBe(
        200,
      );
    });

    it('ignores X-Forwarded-For and X-Forwarded-Host from a client when no proxy is trusted', async () => {
      const from = '127.0.0.23';
      for (let i = 0; i < 6; i++) {
        const spoofed = {
          'x-forwarded-for': `198.51.100.${i}`,
          'x-forwarded-host': 'attacker.example',
          forwarded: 'host=attacker.example',
          'x-client-ip': `203.0.113.${i}`,
        };
        expect(
          (await request(app.origin(), '/console/sign-in', { from, headers: spoofed })).status,
        ).toBe(200);
      }
      expect(
        (
          await request(app.origin(), '/console/sign-in', {
            from,
            headers: { 'x-forwarded-for': '198.51.100.99' },
          })
        ).status,
      ).toBe(429);
      const seen = app.rendered.filter((r) => r.headers['x-client-ip'] === from);
      expect(seen).toHaveLength(6);
      for (const { headers } of seen) {
        expect(headers['x-forwarded-host']).toBeUndefined();
        expect(headers['x-forwarded-for']).toBeUndefined();
        expect(headers.forwarded).toBeUndefined();
        expect(headers.host).toBe(new URL(app.origin()).host);
      }
    });
  });

  describe('behind a trusted proxy (TRUST_PROXY)', () => {
    const app = startServer({ trustProxy: '127.0.0.1', requestsPerMinute: 12 });
    beforeAll(app.start);
    afterAll(app.stop);

    it('counts the right-most address that is not the proxy and keeps its forwarded host', async () => {
      const viaProxy = (client: string) => ({
        'x-forwarded-for': `10.9.9.9, ${client}`,
        'x-forwarded-host': 'registro.example.com',
        'x-forwarded-proto': 'https',
      });
      for (let i = 0; i < 2; i++)
        expect(
          (await request(app.origin(), '/console/sign-in', { headers: viaProxy('192.0.2.10') }))
            .status,
        ).toBe(200);
      expect(
        (await request(app.origin(), '/console/sign-in', { headers: viaProxy('192.0.2.10') }))
          .status,
      ).toBe(429);
      expect(
        (await request(app.origin(), '/console/sign-in', { headers: viaProxy('192.0.2.11') }))
          .status,
      ).toBe(200);
      // IPv6 clients are counted by their /64.
      expect(
        (await request(app.origin(), '/console/sign-in', { headers: viaProxy('2001:db8:1:2::1') }))
          .status,
      ).toBe(200);
      expect(
        (
          await request(app.origin(), '/console/sign-in', {
            headers: viaProxy('2001:db8:1:2:ffff::9'),
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await request(app.origin(), '/console/sign-in', {
            headers: viaProxy('2001:0db8:0001:0002:0:0:0:7'),
          })
        ).status,
      ).toBe(429);
      const last = app.rendered.at(-1)!;
      expect(last.headers).toMatchObject({
        'x-client-ip': '2001:db8:1:2::/64',
        'x-forwarded-host': 'registro.example.com',
        'x-forwarded-proto': 'https',
      });
    });

    it('ignores an X-Forwarded-For entry that is not an IP address, and its forwarded host', async () => {
      const from = '127.0.0.1';
      const answer = await request(app.origin(), '/registro', {
        from,
        headers: {
          'x-forwarded-for': '192.0.2.77, not-an-address',
          'x-forwarded-host': 'attacker.example',
        },
      });
      expect(answer.status).toBe(200);
      expect(app.rendered.at(-1)!.headers).toMatchObject({
        'x-client-ip': from,
        host: new URL(app.origin()).host,
      });
      expect(app.rendered.at(-1)!.headers['x-forwarded-host']).toBeUndefined();
    });
  });
});

describeEachDatabase('unauthenticated API requests before the API', (database) => {
  // A sixth of the minute's budget in any 10 seconds: 3 here.
  const app = startServer({ requestsPerMinute: 18, getDb: async () => database().db });
  beforeAll(app.start);
  afterAll(app.stop);
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it('counts refused keys per address and answers 429 problem+json before looking a key up; valid keys are not counted', async () => {
    const { db } = database();
    const workspace = await createWorkspace(db, { name: `limits ${newRef()}` });
    await connectApp(db, workspace.id, 'gov-ar');
    const { token } = await createApiKey(db, workspace.id);
    const from = '127.0.0.31';
    for (let i = 0; i < 6; i++)
      expect(
        (await request(app.origin(), '/utils/v1/ping', { from, headers: bearer(token) })).status,
      ).toBe(200);
    for (let i = 0; i < 3; i++)
      expect(
        (await request(app.origin(), '/utils/v1/ping', { from, headers: bearer(`made-up-${i}`) }))
          .status,
      ).toBe(401);
    const refused = await request(app.origin(), '/silo/v1/entries', {
      from,
      headers: bearer('made-up-4'),
    });
    expect(refused.status).toBe(429);
    expect(refused.headers['content-type']).toBe('application/problem+json');
    expect(refused.headers['retry-after']).toBe('5');
    expect(JSON.parse(refused.text)).toMatchObject({ status: 429, code: 'too_many_requests' });
    // Another address still has its whole budget.
    expect(
      (
        await request(app.origin(), '/utils/v1/ping', {
          from: '127.0.0.32',
          headers: bearer('made-up-5'),
        })
      ).status,
    ).toBe(401);
  });

  it('never refuses a valid key for its address: pages spend their own budget, and a key found valid passes made-up ones (a shared NAT)', async () => {
    const { db } = database();
    const workspace = await createWorkspace(db, { name: `nat ${newRef()}` });
    await connectApp(db, workspace.id, 'gov-ar');
    const { token } = await createApiKey(db, workspace.id);
    const { token: unused } = await createApiKey(db, workspace.id);
    const from = '127.0.0.35';
    // Others behind the same address use up the page budget…
    for (let i = 0; i < 3; i++)
      expect((await request(app.origin(), '/console/sign-in', { from })).status).toBe(200);
    expect((await request(app.origin(), '/console/sign-in', { from })).status).toBe(429);
    // …and a valid key, never seen before, is still answered.
    expect(
      (await request(app.origin(), '/utils/v1/ping', { from, headers: bearer(token) })).status,
    ).toBe(200);
    // Then they use up the budget of refused keys: made-up keys are refused before any lookup…
    for (let i = 0; i < 3; i++)
      expect(
        (
          await request(app.origin(), '/utils/v1/ping', {
            from,
            headers: bearer(`nat-made-up-${i}`),
          })
        ).status,
      ).toBe(401);
    expect(
      (await request(app.origin(), '/utils/v1/ping', { from, headers: bearer('nat-made-up-x') }))
        .status,
    ).toBe(429);
    // …while the key this instance found valid keeps working, request after request.
    for (let i = 0; i < 5; i++)
      expect(
        (await request(app.origin(), '/utils/v1/ping', { from, headers: bearer(token) })).status,
      ).toBe(200);
    // A valid key this instance has never seen waits like a made-up one (the documented bound).
    expect(
      (await request(app.origin(), '/utils/v1/ping', { from, headers: bearer(unused) })).status,
    ).toBe(429);
  });

  it('counts every simulator request, and shares one budget with the pages', async () => {
    const from = '127.0.0.33';
    for (let i = 0; i < 3; i++)
      expect((await request(app.origin(), '/simulator/arca', { from })).status).toBe(200);
    expect((await request(app.origin(), '/simulator/arca', { from })).status).toBe(429);
    expect((await request(app.origin(), '/console/sign-in', { from })).status).toBe(429);
    // API keys have a count of their own: pages never use it up (see above).
    const pagesFirst = '127.0.0.34';
    for (let i = 0; i < 3; i++)
      expect((await request(app.origin(), '/console/sign-in', { from: pagesFirst })).status).toBe(
        200,
      );
    expect(
      (
        await request(app.origin(), '/utils/v1/ping', {
          from: pagesFirst,
          headers: bearer('made-up'),
        })
      ).status,
    ).toBe(401);
  });
});
