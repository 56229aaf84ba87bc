import { AsyncResource } from 'node:async_hooks';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '@/messages/en.json';
import es from '@/messages/es.json';
import { currentRequestId } from '@/lib/log';
import { metricsRegistry } from '@/lib/metrics';
import { parseTrustedProxies } from '@/lib/security';
import { createRequestHandler } from '@/lib/server';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** One request on its own connection; `sent` gets the ClientRequest so a test can abort it. */
function request(
  origin: string,
  path: string,
  options: { headers?: Record<string, string>; sent?: (req: http.ClientRequest) => void } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${origin}${path}`,
      { headers: options.headers, agent: false },
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
    options.sent?.(req);
    req.end();
  });
}

/** A counter's value in this process's registry (the gate counts into it). */
async function counter(name: string, labels: string): Promise<number> {
  const text = await metricsRegistry.getSingleMetricAsString(name);
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}}`));
  return line ? Number(line.split(' ').pop()) : 0;
}

/**
 * server.ts's request listener with a tiny admission gate (1 in flight, 1 queued) on pages and on
 * the API. Stand-ins answer: `/…/slow?n=<n>` (page or API) holds its slot until the test releases
 * it; `/…/nested?n=<n>` asks this same server for `/…/fast` with its own request id, as Next does
 * for an action's redirect; anything else answers at once.
 */
function startServer(maxWaitMs = 30_000) {
  const held = new Map<string, () => void>();
  const handled: string[] = [];
  let origin = '';
  const stand = (kind: string) => (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url!, 'http://app');
    const n = url.searchParams.get('n') ?? '';
    handled.push(`${kind} ${url.pathname} ${n}`);
    if (url.pathname.endsWith('/slow')) {
      // The id of the request being handled, as its log lines would carry it.
      const seen = currentRequestId() ?? 'none';
      held.set(n, () => res.writeHead(200, { 'x-seen-request-id': seen }).end(`${kind} ${n} done`));
      return;
    }
    if (url.pathname.endsWith('/nested')) {
      void request(origin, `/fast?from=${n}`, {
        headers: { 'x-request-id': String(req.headers['x-request-id']), 'accept-encoding': 'gzip' },
      }).then((inner) =>
        res
          .writeHead(200)
          .end(`nested got ${inner.status} (gzip asked: ${inner.headers['x-asked-gzip']})`),
      );
      return;
    }
    res
      .writeHead(200, { 'x-asked-gzip': String('accept-encoding' in req.headers) })
      .end(`${kind} fast`);
  };
  const limits = { inFlight: 1, queue: 1, maxWaitMs };
  const server = http.createServer(
    createRequestHandler({
      trustedProxies: parseTrustedProxies(undefined),
      requestsPerMinute: 1_000_000,
      admission: { pages: limits, api: limits, simulatorMounted: true },
      handleApi: stand('api'),
      handlePage: stand('page'),
      // The build's files and the icon from memory (lib/server/static-assets.ts); other paths pass on.
      serveStatic: async (_req, res, pathname) => {
        if (pathname !== '/icon.svg') return false;
        res.writeHead(200).end('icon from memory');
        return true;
      },
      handleHealth: async (_req, res) => void res.writeHead(200).end('healthy'),
    }),
  );
  return {
    handled,
    origin: () => origin,
    /** Answers the held request `n` (it must have been let in). */
    release: async (n: string) => {
      await vi.waitFor(() => expect(held.has(n)).toBe(true));
      held.get(n)!();
      held.delete(n);
    },
    isHeld: (n: string) => held.has(n),
    start: () =>
      new Promise<void>((resolve) =>
        server.listen(0, '127.0.0.1', () => {
          origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
          resolve();
        }),
      ),
    stop: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Waits until the gate has counted one more queued request than `before`. */
async function untilQueued(gate: 'pages' | 'api', before: number) {
  await vi.waitFor(async () =>
    expect(await counter('admission_queued_total', `gate="${gate}"`)).toBe(before + 1),
  );
}

/** Whether `probe` was answered (its status) or queued first, by the gate's queued count. */
async function answeredOrQueued(
  probe: Promise<Answer>,
  gate: 'pages' | 'api',
  before: number,
): Promise<number | 'queued'> {
  let answered: number | undefined;
  probe.then(
    (answer) => (answered = answer.status),
    () => (answered = -1),
  );
  for (;;) {
    if (answered !== undefined) return answered;
    if ((await counter('admission_queued_total', `gate="${gate}"`)) > before) return 'queued';
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('admission control in front of the pages and the API', () => {
  const app = startServer();
  beforeAll(app.start);
  afterAll(app.stop);

  it('a page request beyond the slot and the queue gets a translated 503 with Retry-After at once; the queued one is served when the slot frees', async () => {
    const refusedBefore = await counter(
      'admission_refused_total',
      'gate="pages",reason="queue_full"',
    );
    const first = request(app.origin(), '/es/console/slow?n=p1');
    await vi.waitFor(() => expect(app.isHeld('p1')).toBe(true));
    const queuedBefore = await counter('admission_queued_total', 'gate="pages"');
    const second = request(app.origin(), '/es/console/slow?n=p2');
    await untilQueued('pages', queuedBefore);

    expect(await metricsRegistry.getSingleMetricAsString('admission_in_flight')).toContain(
      'admission_in_flight{gate="pages"} 1',
    );
    expect(await metricsRegistry.getSingleMetricAsString('admission_waiting')).toContain(
      'admission_waiting{gate="pages"} 1',
    );
    const third = await request(app.origin(), '/es/console/slow?n=p3');
    expect(third.status).toBe(503);
    expect(third.headers['retry-after']).toBe('2');
    expect(third.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(third.headers['cache-control']).toBe('no-store');
    expect(third.text).toContain(es.plainPages.busy.title);
    expect(third.text).toContain('lang="es-AR"');
    const english = await request(app.origin(), '/en/console/slow?n=p4');
    expect(english.status).toBe(503);
    expect(english.text).toContain(en.plainPages.busy.title);
    expect(app.handled.filter((h) => h.includes(' p3') || h.includes(' p4'))).toEqual([]);
    expect(await counter('admission_refused_total', 'gate="pages",reason="queue_full"')).toBe(
      refusedBefore + 2,
    );

    await app.release('p1');
    expect((await first).text).toBe('page p1 done');
    await app.release('p2');
    const served = await second;
    expect(served.text).toBe('page p2 done');
    // Let in from p1's answer, it still runs as itself.
    expect(served.headers['x-seen-request-id']).toBe(served.headers['x-request-id']);
  });

  it('the API beyond its slot and queue answers 503 problem+json with Retry-After, as when the database is down', async () => {
    const first = request(app.origin(), '/utils/v1/slow?n=a1');
    await vi.waitFor(() => expect(app.isHeld('a1')).toBe(true));
    const queuedBefore = await counter('admission_queued_total', 'gate="api"');
    const second = request(app.origin(), '/utils/v1/slow?n=a2');
    await untilQueued('api', queuedBefore);

    const third = await request(app.origin(), '/utils/v1/slow?n=a3');
    expect(third.status).toBe(503);
    expect(third.headers['retry-after']).toBe('2');
    expect(third.headers['content-type']).toBe('application/problem+json');
    const body = JSON.parse(third.text) as Record<string, unknown>;
    expect(body).toMatchObject({ status: 503, code: 'unavailable', title: 'Service unavailable' });
    expect(body.request_id).toBe(third.headers['x-request-id']);
    // Pages have their own gate: the API being full does not hold them up.
    expect((await request(app.origin(), '/es/console/fast')).text).toBe('page fast');

    await app.release('a1');
    await app.release('a2');
    expect([(await first).status, (await second).status]).toEqual([200, 200]);
  });

  it('probes and the mounted simulated ARCA pass while both gates are full', async () => {
    const page = request(app.origin(), '/es/console/slow?n=s1');
    const api = request(app.origin(), '/utils/v1/slow?n=s2');
    await vi.waitFor(() => expect(app.isHeld('s1') && app.isHeld('s2')).toBe(true));
    const pagesQueued = await counter('admission_queued_total', 'gate="pages"');
    const apiQueued = await counter('admission_queued_total', 'gate="api"');
    const queuedPage = request(app.origin(), '/es/console/slow?n=s3');
    const queuedApi = request(app.origin(), '/utils/v1/slow?n=s4');
    await untilQueued('pages', pagesQueued);
    await untilQueued('api', apiQueued);
    expect((await request(app.origin(), '/es/console/fast')).status).toBe(503);
    expect((await request(app.origin(), '/utils/v1/fast')).status).toBe(503);

    // A validation's WSAA and WSFE calls to the simulator never wait behind the requests waiting on them.
    const simulator = await request(app.origin(), '/simulator/arca/sandbox/wsaa');
    expect([simulator.status, simulator.text]).toEqual([200, 'api fast']);
    expect((await request(app.origin(), '/healthz')).text).toBe('healthy');
    expect((await request(app.origin(), '/_next/static/chunks/app.js')).text).toBe('page fast');
    expect((await request(app.origin(), '/icon.svg?icon.0123.svg')).text).toBe('icon from memory');

    for (const n of ['s1', 's2', 's3', 's4']) await app.release(n);
    expect((await Promise.all([page, api, queuedPage, queuedApi])).map((a) => a.status)).toEqual([
      200, 200, 200, 200,
    ]);
  });

  it('a request that goes away frees its slot, or its place in the queue', async () => {
    let aborted: http.ClientRequest | undefined;
    const gone = request(app.origin(), '/es/console/slow?n=g1', { sent: (r) => (aborted = r) });
    gone.catch(() => undefined);
    await vi.waitFor(() => expect(app.isHeld('g1')).toBe(true));
    aborted!.destroy();
    // Its slot is free: the next request is let in without waiting for g1's answer.
    const next = request(app.origin(), '/es/console/slow?n=g2');
    await vi.waitFor(() => expect(app.isHeld('g2')).toBe(true));

    let leaving: http.ClientRequest | undefined;
    const queuedBefore = await counter('admission_queued_total', 'gate="pages"');
    const leaves = request(app.origin(), '/es/console/slow?n=g3', { sent: (r) => (leaving = r) });
    leaves.catch(() => undefined);
    await untilQueued('pages', queuedBefore);
    leaving!.destroy();
    // Its place frees up: then a new request is queued rather than refused, and served after g2.
    let waiting: Promise<Answer> | undefined;
    for (let tries = 0; !waiting; tries++) {
      if (tries === 100) throw new Error('the queued request that went away kept its place');
      const before = await counter('admission_queued_total', 'gate="pages"');
      const probe = request(app.origin(), '/es/console/fast');
      if ((await answeredOrQueued(probe, 'pages', before)) === 'queued') waiting = probe;
    }
    await app.release('g2');
    expect([(await next).status, (await waiting).status]).toEqual([200, 200]);
    expect(app.handled).not.toContain('page /es/console/slow g3');
  });

  it('a refused form post with its body unread is answered whole, and its kept-alive connection serves the next request', async () => {
    const holder = request(app.origin(), '/es/console/slow?n=k1');
    await vi.waitFor(() => expect(app.isHeld('k1')).toBe(true));
    const queuedBefore = await counter('admission_queued_total', 'gate="pages"');
    const queued = request(app.origin(), '/es/console/slow?n=k2');
    await untilQueued('pages', queuedBefore);

    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, path: string, body?: Buffer) =>
      new Promise<{ status: number; reused: boolean; retryAfter?: string }>((resolve, reject) => {
        const req = http.request(`${app.origin()}${path}`, { method, agent }, (res) => {
          res.resume();
          res.on('end', () =>
            resolve({
              status: res.statusCode!,
              reused: req.reusedSocket,
              retryAfter: res.headers['retry-after'] as string | undefined,
            }),
          );
        });
        req.on('error', reject);
        req.end(body);
      });
    try {
      const form = Buffer.alloc(200 * 1024, 'a');
      expect(await send('POST', '/es/console/fast', form)).toEqual({
        status: 503,
        reused: false,
        retryAfter: '2',
      });
      await app.release('k1');
      await app.release('k2');
      expect((await Promise.all([holder, queued])).map((a) => a.status)).toEqual([200, 200]);
      expect(await send('GET', '/es/console/fast')).toEqual({
        status: 200,
        reused: true,
        retryAfter: undefined,
      });
    } finally {
      agent.destroy();
    }
  });

  it("this process's own request for an admitted one (Next fetching an action's redirect) is not queued behind it", async () => {
    const action = await request(app.origin(), '/es/console/nested?n=n1');
    // Not gzipped either: its answer is read by this process only.
    expect(action.text).toBe('nested got 200 (gzip asked: false)');
    const outside = await request(app.origin(), '/es/console/fast', {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(outside.headers['x-asked-gzip']).toBe('true');
    // The same request id from outside a request in flight is an ordinary request: it waits.
    const holder = request(app.origin(), '/es/console/slow?n=n2');
    await vi.waitFor(() => expect(app.isHeld('n2')).toBe(true));
    const queuedBefore = await counter('admission_queued_total', 'gate="pages"');
    const stranger = request(app.origin(), '/es/console/fast', {
      headers: { 'x-request-id': 'made-up-id' },
    });
    await untilQueued('pages', queuedBefore);
    await app.release('n2');
    expect([(await holder).status, (await stranger).status]).toEqual([200, 200]);
  });
});

describe('admission control: the bounded wait', () => {
  const app = startServer(300);
  beforeAll(app.start);
  afterAll(app.stop);

  it('a request let in at once binds no async context: only one that waits needs its own back', async () => {
    const bind = vi.spyOn(AsyncResource, 'bind');
    try {
      expect((await request(app.origin(), '/utils/v1/fast')).status).toBe(200);
      expect(bind).not.toHaveBeenCalled();
    } finally {
      bind.mockRestore();
    }
  });

  it('a request that waited longer than ADMISSION_QUEUE_WAIT_MS gets the 503 with Retry-After', async () => {
    const before = await counter('admission_refused_total', 'gate="api",reason="waited_too_long"');
    const first = request(app.origin(), '/utils/v1/slow?n=w1');
    await vi.waitFor(() => expect(app.isHeld('w1')).toBe(true));
    const waited = await request(app.origin(), '/utils/v1/fast');
    expect([waited.status, waited.headers['retry-after']]).toEqual([503, '2']);
    expect(JSON.parse(waited.text).detail).toContain('waited too long');
    expect(await counter('admission_refused_total', 'gate="api",reason="waited_too_long"')).toBe(
      before + 1,
    );
    await app.release('w1');
    expect((await first).status).toBe(200);
  });
});
