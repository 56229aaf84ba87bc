import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '@/lib/db';
import { createRegistrationPageServer, PageStore } from '@/lib/page-cache';
import { BODY_LIMITS } from '@/lib/request-body';
import { createRegistrationLink, updateProgress } from '@/lib/registration';
import { createEntry } from '@/lib/silo';
import { createWorkspace, setWorkspaceEnvironment } from '@/lib/workspaces';
import { send } from './support/api-harness';
import { describeEachDatabase } from './support/databases';
import { newCuit } from '../support/new-cuit';

async function newLink(db: Db) {
  const workspace = await createWorkspace(db, { name: 'pages test' });
  const { entry } = await createEntry(db, workspace.id, {
    body: { data: { name: 'Almacén Ñandú SRL', tax_id: { country: 'AR', code: newCuit() } } },
  });
  const meta = await createRegistrationLink(db, workspace.id, entry.id);
  return { ref: meta.ref!, entryId: entry.id, workspaceId: workspace.id };
}

/**
 * The page server in front of a stand-in for Next that renders like Next does: a per-request CSP
 * nonce (as proxy.ts sets it) on its scripts, the registration's step read from the database.
 */
describeEachDatabase('registration pages in front of Next', (database) => {
  let origin: string;
  let server: http.Server;
  let clock = Date.now();
  const run = randomBytes(6).toString('hex');
  const renders: string[] = [];
  const store = new PageStore();
  let answer: (req: http.IncomingMessage, res: http.ServerResponse) => void;

  beforeAll(async () => {
    const serve = createRegistrationPageServer({
      getDb: async () => database().db,
      viewsPerMinutePerRef: 8,
      store,
      now: () => clock,
    });
    server = http.createServer((req, res) => {
      // Unique per run: PostgreSQL keeps the counts of a run a minute ago.
      req.headers['x-client-ip'] = `${run}-${req.headers['x-test-client'] ?? 'a'}`;
      void serve(req, res, () => {
        renders.push(req.url!);
        answer(req, res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const renderLikeNext =
    (html: (nonce: string) => string, headers: Record<string, string> = {}) =>
    (_req: http.IncomingMessage, res: http.ServerResponse) => {
      const nonce = randomBytes(16).toString('base64');
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': `script-src 'self' 'nonce-${nonce}'`,
        ...headers,
      });
      // Streamed in pieces, as Next streams.
      const text = html(nonce);
      res.write(text.slice(0, 10));
      res.end(Buffer.from(text.slice(10)));
    };
  const get = (path: string, headers: Record<string, string> = {}) =>
    send(`${origin}${path}`, 'GET', headers);
  const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? '')?.[1];

  it('renders a step once, then answers it again with a fresh nonce until something it shows changes', async () => {
    const { ref, entryId } = await newLink(database().db);
    let step = 'company';
    answer = renderLikeNext(
      (nonce) =>
        `<html><body><p>${step}</p><script nonce="${nonce}">self.n="${nonce}"</script></body></html>`,
    );
    const path = `/reg/${ref}/company`;
    const first = await get(path);
    expect(first.headers.get('x-page-cache')).toBe('miss');
    const second = await get(path);
    const third = await get(path);
    expect(renders.filter((r) => r === path)).toHaveLength(1);
    for (const replayed of [second, third]) {
      expect(replayed.status).toBe(200);
      expect(replayed.headers.get('x-page-cache')).toBe('hit');
      const nonce = nonceOf(replayed.headers.get('content-security-policy'))!;
      expect(replayed.text).toBe(
        `<html><body><p>company</p><script nonce="${nonce}">self.n="${nonce}"</script></body></html>`,
      );
      expect(Number(replayed.headers.get('content-length'))).toBe(Buffer.byteLength(replayed.text));
    }
    expect(
      new Set([first, second, third].map((r) => nonceOf(r.headers.get('content-security-policy'))))
        .size,
    ).toBe(3);

    step = 'certificate';
    await updateProgress(database().db, entryId, 'certificate', { regime: 'monotributista' });
    const afterChange = await get(path);
    expect(afterChange.headers.get('x-page-cache')).toBe('miss');
    expect(afterChange.text).toContain('<p>certificate</p>');
    expect((await get(path)).headers.get('x-page-cache')).toBe('hit');
  });

  it('renders again when the workspace environment changes, and keeps each language apart', async () => {
    const { ref, workspaceId } = await newLink(database().db);
    let environment = 'sandbox';
    answer = renderLikeNext((nonce) => `<p>${environment}</p><script nonce="${nonce}"></script>`);
    await get(`/reg/${ref}/company`);
    await get(`/en/reg/${ref}/company`);
    expect((await get(`/en/reg/${ref}/company`)).headers.get('x-page-cache')).toBe('hit');
    environment = 'live';
    await setWorkspaceEnvironment(database().db, workspaceId, 'live');
    const changed = await get(`/reg/${ref}/company`);
    expect(changed.headers.get('x-page-cache')).toBe('miss');
    expect(changed.text).toContain('<p>live</p>');
  });

  it('always renders navigations, query strings, unknown refs, redirects and pages that set cookies', async () => {
    const { ref } = await newLink(database().db);
    answer = renderLikeNext((nonce) => `<script nonce="${nonce}"></script>`);
    const count = (path: string) => renders.filter((r) => r === path).length;
    await get(`/reg/${ref}/arca`, { rsc: '1' });
    await get(`/reg/${ref}/arca`, { rsc: '1' });
    expect(count(`/reg/${ref}/arca`)).toBe(2);
    await get(`/reg/${ref}/arca?x=1`);
    await get(`/reg/${ref}/arca?x=1`);
    expect(count(`/reg/${ref}/arca?x=1`)).toBe(2);
    const unknown = `/reg/${'Z'.repeat(32)}/company`;
    await get(unknown);
    await get(unknown);
    expect(count(unknown)).toBe(2);

    answer = (_req, res) => void res.writeHead(307, { location: `/reg/${ref}/company` }).end();
    await get(`/reg/${ref}/done`);
    await get(`/reg/${ref}/done`);
    expect(count(`/reg/${ref}/done`)).toBe(2);

    answer = renderLikeNext((nonce) => `<script nonce="${nonce}"></script>`, {
      'set-cookie': 'a=b',
    });
    await get(`/reg/${ref}/upload`);
    await get(`/reg/${ref}/upload`);
    expect(count(`/reg/${ref}/upload`)).toBe(2);
  });

  it('redirects the link itself to the step reached without a render, in either language', async () => {
    const { ref, entryId } = await newLink(database().db);
    answer = renderLikeNext((nonce) => `<script nonce="${nonce}"></script>`);
    const client = { 'x-test-client': 'bare-link' };
    const opened = await get(`/reg/${ref}`, client);
    expect(opened.status).toBe(307);
    expect(opened.headers.get('location')).toBe(`/reg/${ref}/company`);
    expect(opened.headers.get('cache-control')).toContain('no-store');
    expect(opened.headers.get('referrer-policy')).toBe('same-origin');
    expect(opened.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(opened.headers.get('content-security-policy')).toContain("default-src 'none'");
    await updateProgress(database().db, entryId, 'certificate', { regime: 'monotributista' });
    const english = await get(`/en/reg/${ref}/`, client);
    expect(english.status).toBe(307);
    expect(english.headers.get('location')).toBe(`/en/reg/${ref}/certificate`);
    expect(
      renders.filter((r) => r.startsWith(`/reg/${ref}`) || r.startsWith(`/en/reg/${ref}`)),
    ).toEqual([]);

    // Left to Next: an unknown ref (its 404 page), a router request, a query string.
    const unknown = `/reg/${'Y'.repeat(32)}`;
    await get(unknown, client);
    await get(`/reg/${ref}`, { ...client, rsc: '1' });
    await get(`/reg/${ref}?from=mail`, client);
    expect(renders).toEqual(
      expect.arrayContaining([unknown, `/reg/${ref}`, `/reg/${ref}?from=mail`]),
    );
  });

  it('asks Next for text it can keep, and compresses the answers it replays for browsers that accept gzip', async () => {
    const { ref } = await newLink(database().db);
    const seen: (string | undefined)[] = [];
    const render = renderLikeNext((nonce) => `<p>Señal</p><script nonce="${nonce}"></script>`);
    answer = (req, res) => {
      seen.push(req.headers['accept-encoding'] as string | undefined);
      render(req, res);
    };
    const path = `/reg/${ref}/certificate`;
    const gzip = { 'accept-encoding': 'gzip, deflate, br' };
    expect((await get(path, gzip)).text).toContain('<p>Señal</p>');
    expect(seen).toEqual([undefined]);
    const compressed = await new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>(
      (resolve, reject) => {
        http
          .get(`${origin}${path}`, { headers: gzip, agent: false }, (res) => {
            const chunks: Buffer[] = [];
            res
              .on('data', (c: Buffer) => chunks.push(c))
              .on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      },
    );
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(Number(compressed.headers['content-length'])).toBe(compressed.body.length);
    const nonce = nonceOf(String(compressed.headers['content-security-policy']));
    expect(gunzipSync(compressed.body).toString('utf8')).toBe(
      `<p>Señal</p><script nonce="${nonce}"></script>`,
    );
  });

  it('asks ARCA again for points of sale after 30 seconds even when nothing else changed', async () => {
    const { ref } = await newLink(database().db);
    answer = renderLikeNext((nonce) => `<script nonce="${nonce}"></script>`);
    const path = `/reg/${ref}/points-of-sale`;
    await get(path);
    clock += 29_000;
    expect((await get(path)).headers.get('x-page-cache')).toBe('hit');
    clock += 2_000;
    expect((await get(path)).headers.get('x-page-cache')).toBe('miss');
  });

  it('limits page views per link, with a translated page, and per client address five times as much', async () => {
    const { ref } = await newLink(database().db);
    answer = renderLikeNext((nonce) => `<script nonce="${nonce}"></script>`);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++)
      statuses.push((await get(`/reg/${ref}/company`, { 'x-test-client': 'b' })).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const limited = await get(`/reg/${ref}/company`, { 'x-test-client': 'c' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('60');
    expect(limited.text).toContain('Esperá un momento y volvé a intentar: tu avance está guardado');
    expect((await get(`/en/reg/${ref}/company`, { 'x-test-client': 'c' })).text).toContain(
      'Wait a moment and try again: your progress is saved',
    );

    // One address over many links: 5 × 8 views, then refused even on a fresh link.
    let refused = 0;
    for (let i = 0; i < 6; i++) {
      const other = await newLink(database().db);
      for (let j = 0; j < 8; j++)
        if ((await get(`/reg/${other.ref}/company`, { 'x-test-client': 'd' })).status === 429)
          refused++;
    }
    expect(refused).toBe(6 * 8 - 40);
  });

  it('answers an oversized form post with a translated page that leads back to the step, before Next reads it', async () => {
    const { ref } = await newLink(database().db);
    renders.length = 0;
    const post = (path: string, bytes: number) =>
      fetch(origin + path, {
        method: 'POST',
        redirect: 'manual',
        body: Buffer.alloc(bytes, 'a'),
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
      });
    const refused = await post(`/reg/${ref}/upload`, BODY_LIMITS.action + 1);
    expect(refused.status).toBe(413);
    const text = await refused.text();
    expect(text).toContain('El archivo es demasiado grande');
    expect(text).toContain(`href="/reg/${ref}/upload"`);
    expect(await (await post(`/en/reg/${ref}/upload`, 3 * 1024 * 1024)).text()).toContain(
      'The file is too large',
    );
    expect(renders).toEqual([]);
    // Within the limit the post goes on to Next, which runs the action.
    answer = (_req, res) => void res.writeHead(303, { location: '/' }).end();
    expect((await post(`/reg/${ref}/upload`, 1024)).status).toBe(303);
    expect(renders).toEqual([`/reg/${ref}/upload`]);
  });

  it('answers an oversized form post before its body has arrived, so the browser has a page to show when the rest is cut off', async () => {
    const { ref } = await newLink(database().db);
    renders.length = 0;
    const declared = 20 * 1024 * 1024;
    // Only 1 MB of the declared 20 MB is ever sent: an answer that waited for the end would never come.
    const response = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        `${origin}/reg/${ref}/upload`,
        {
          method: 'POST',
          headers: {
            'content-type': 'multipart/form-data; boundary=x',
            'content-length': declared,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res
            .on('data', (c: Buffer) => chunks.push(c))
            .on('end', () => {
              req.destroy();
              resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString('utf8') });
            });
        },
      );
      req.on('error', reject);
      req.write(Buffer.alloc(1024 * 1024, 'a'));
      setTimeout(() => {
        req.destroy();
        reject(new Error('no answer while the body was still coming'));
      }, 3_000).unref();
    });
    expect(response.status).toBe(413);
    expect(response.body).toContain('El archivo es demasiado grande');
    expect(renders).toEqual([]);
  });

  it('answers 503 with a translated page and Retry-After while the database cannot be reached, never a crash', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    const serve = createRegistrationPageServer({
      getDb: () => Promise.reject(refused),
      viewsPerMinutePerRef: 8,
    });
    const down = http.createServer((req, res) => {
      void serve(req, res, () => res.writeHead(200).end()).catch(() => res.writeHead(500).end());
    });
    await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve));
    const at = `http://127.0.0.1:${(down.address() as AddressInfo).port}`;
    try {
      const { ref } = await newLink(database().db);
      const es = await send(`${at}/reg/${ref}/company`, 'GET', {});
      expect(es.status).toBe(503);
      expect(es.headers.get('retry-after')).toBe('5');
      expect(es.text).toContain('Esperá unos segundos y volvé a intentar: tu avance está guardado');
      const en = await send(`${at}/en/reg/${ref}/company`, 'GET', {});
      expect(en.status).toBe(503);
      expect(en.text).toContain('Wait a few seconds and try again: your progress is saved');
    } finally {
      await new Promise<void>((resolve) => down.close(() => resolve()));
    }
  });
});
