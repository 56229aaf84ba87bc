import http from 'node:http';
import { isIP, type AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import {
  BlockedDestinationError,
  buildWebhookPayload,
  deliverWebhook,
  GIVE_UP_AFTER_MS,
  guardedLookup,
  isRefusedDestination,
  nextRetryDelay,
  signWebhook,
  webhookMessageId,
  type Resolver,
} from '@/lib/webhooks';

// Every entry of IANA's IPv4 and IPv6 Special-Purpose Address Registries (and the multicast blocks):
// one address inside each, whether or not the registry calls it globally reachable.
const IANA_SPECIAL_PURPOSE = [
  '0.0.0.1',
  '10.1.2.3',
  '100.64.0.1',
  '127.8.9.10',
  '169.254.169.254',
  '172.16.0.1',
  '172.31.255.255',
  '192.0.0.8',
  '192.0.0.9',
  '192.0.0.10',
  '192.0.0.170',
  '192.0.0.171',
  '192.0.2.10',
  '192.31.196.1',
  '192.52.193.1',
  '192.88.99.1',
  '192.168.1.1',
  '192.175.48.1',
  '198.18.0.1',
  '198.19.255.255',
  '198.51.100.7',
  '203.0.113.9',
  '224.0.0.1',
  '239.255.255.250',
  '240.0.0.1',
  '255.255.255.255',
  '::1',
  '::',
  '::ffff:10.0.0.1',
  '64:ff9b::a00:1',
  '64:ff9b:1::1',
  '100::1',
  '100:0:0:1::1',
  '2001::1',
  '2001:1::1',
  '2001:1::2',
  '2001:1::3',
  '2001:2::1',
  '2001:3::1',
  '2001:4:112::1',
  '2001:10::1',
  '2001:20::1',
  '2001:30::1',
  '2001:db8::1',
  '2002:c000:201::1',
  '2620:4f:8000::1',
  '3fff::1',
  '5f00::1',
  'fc00::1',
  'fd12:3456::1',
  'fe80::1',
  'ff02::1',
];

describe('isRefusedDestination', () => {
  const noOwn = new Set<string>();
  it.each(IANA_SPECIAL_PURPOSE)('%s (IANA special-purpose) is refused', (address) =>
    expect(isRefusedDestination(address, noOwn)).toBe(true),
  );
  it.each([
    // Seen reached in production: this host's documentation-range address, also IPv4-mapped.
    '::ffff:192.0.2.10',
    '::ffff:c000:20a',
    '[::ffff:192.0.2.10]',
    '::ffff:127.0.0.1',
    '::127.0.0.1',
    // Site-local, and 6to4 / Teredo / NAT64 embedding a private IPv4 address.
    'fec0::1',
    '2002:a00:1::1',
    '2001:0:4136:e378:8000:63bf:f5ff:fffe',
    '64:ff9b::7f00:1',
    // Outside IANA's global unicast 2000::/3, and unparsable input.
    '4000::1',
    'e000::1',
    'not-an-ip',
    '',
    '127.1',
  ])('%s is refused', (address) => expect(isRefusedDestination(address, noOwn)).toBe(true));
  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '192.169.0.1',
    '100.128.0.1',
    '198.20.0.1',
    '2606:4700:4700::1111',
    '2001:4860:4860::8888',
    '::ffff:8.8.8.8',
  ])('%s is public', (address) => expect(isRefusedDestination(address, noOwn)).toBe(false));

  it("refuses this host's own addresses, public ones included, in any spelling", () => {
    const own = new Set(['8.8.4.4', '2606:4700:0:0:0:0:0:1']);
    expect(isRefusedDestination('8.8.4.4', own)).toBe(true);
    expect(isRefusedDestination('::ffff:8.8.4.4', own)).toBe(true);
    expect(isRefusedDestination('2606:4700::1', own)).toBe(true);
    expect(isRefusedDestination('8.8.8.8', own)).toBe(false);
    const interfaces = Object.values(networkInterfaces()).flatMap((nics) => nics ?? []);
    expect(interfaces.length).toBeGreaterThan(0);
    for (const nic of interfaces) expect(isRefusedDestination(nic.address), nic.address).toBe(true);
  });
});

describe('guardedLookup (the address check, with an injected resolver: nothing is connected to)', () => {
  const lookupWith = (addresses: string[], options: { all?: boolean } = { all: true }) =>
    new Promise<{ err: NodeJS.ErrnoException | null; address: unknown }>((resolve) => {
      const resolver: Resolver = async () =>
        addresses.map((address) => ({ address, family: isIP(address) }));
      guardedLookup(false, resolver)('hooks.example', options, (err, address) =>
        resolve({ err, address }),
      );
    });

  it.each([
    ['192.0.2.10'],
    ['::ffff:192.0.2.10'],
    ['198.51.100.7'],
    ['203.0.113.9'],
    ['192.88.99.1'],
    ['fec0::1'],
    ['2001:db8::1'],
    ['2002:a00:1::1'],
  ])('a name resolving to %s is refused', async (address) => {
    const { err } = await lookupWith([address]);
    expect(err).toBeInstanceOf(BlockedDestinationError);
  });

  it('one refused address among public ones refuses the name; public answers pass through', async () => {
    expect((await lookupWith(['8.8.8.8', '10.0.0.1'])).err).toBeInstanceOf(BlockedDestinationError);
    expect(await lookupWith(['8.8.8.8', '2606:4700::1'])).toEqual({
      err: null,
      address: [
        { address: '8.8.8.8', family: 4 },
        { address: '2606:4700::1', family: 6 },
      ],
    });
    expect(await lookupWith(['8.8.8.8'], {})).toEqual({ err: null, address: '8.8.8.8' });
  });
});

describe('nextRetryDelay', () => {
  it('5 s doubling to 1,280 s, then every 30 minutes', () => {
    const delays = Array.from({ length: 11 }, (_, i) => nextRetryDelay(i + 1, 0, 0)! / 1000);
    expect(delays).toEqual([5, 10, 20, 40, 80, 160, 320, 640, 1280, 1800, 1800]);
  });

  it('gives up once the next attempt would fall beyond 12 h after the first', () => {
    expect(GIVE_UP_AFTER_MS).toBe(12 * 3_600_000);
    expect(nextRetryDelay(20, 0, GIVE_UP_AFTER_MS - 1_800_000)).toBe(1_800_000);
    expect(nextRetryDelay(20, 0, GIVE_UP_AFTER_MS - 1_799_999)).toBeUndefined();
    // The whole schedule: attempts until 12 h, each one logged.
    let now = 0;
    let attempts = 1;
    for (
      let delay = nextRetryDelay(attempts, 0, now);
      delay !== undefined;
      delay = nextRetryDelay(attempts, 0, now)
    ) {
      now += delay;
      attempts += 1;
    }
    // 1 + 9 doubling waits (2,555 s in all) + 22 half-hour waits.
    expect(attempts).toBe(32);
    expect(now).toBeLessThanOrEqual(GIVE_UP_AFTER_MS);
  });

  it('a retry_in from the receiver overrides the schedule, still within 12 h', () => {
    expect(nextRetryDelay(3, 0, 0, 90)).toBe(90_000);
    expect(nextRetryDelay(3, 0, GIVE_UP_AFTER_MS - 10_000, 60)).toBeUndefined();
  });

  it('retry_in is held between the first wait (5 s) and the longest (30 min)', () => {
    expect(nextRetryDelay(1, 0, 0, 0)).toBe(5_000);
    expect(nextRetryDelay(7, 0, 0, 0.001)).toBe(5_000);
    expect(nextRetryDelay(1, 0, 0, 86_400)).toBe(1_800_000);
    expect(nextRetryDelay(1, 0, 0, 1e12)).toBe(1_800_000);
  });
});

describe('payload and signature', () => {
  const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
  const ctx = {
    jobId: 'j1',
    stepId: 's1',
    entryId: 'e1',
    ownerId: 'o1',
    event: 'registration.link',
    args: { a: 1 },
    faults: [],
  };

  it('carries siloEntryId and a webhook-id stable per job step', () => {
    const payload = buildWebhookPayload(ctx);
    expect(payload).toMatchObject({
      transform_job_id: 'j1',
      silo_entry_id: 'e1',
      siloEntryId: 'e1',
      owner_id: 'o1',
      key: null,
      args: { a: 1 },
    });
    expect(payload.id).toBe(webhookMessageId('j1', 's1'));
    expect(webhookMessageId('j1', 's2')).not.toBe(payload.id);
  });

  it('verifies with standardwebhooks and fails on a changed body, a wrong secret or an old timestamp', () => {
    const body = JSON.stringify(buildWebhookPayload(ctx));
    const headers = signWebhook(secret, 'msg_1', body);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(body + ' ', headers)).toThrow();
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 8).toString('base64')}`).verify(body, headers),
    ).toThrow();
    const old = signWebhook(secret, 'msg_1', body, new Date(Date.now() - 3_600_000));
    expect(() => new Webhook(secret).verify(body, old)).toThrow(/timestamp/i);
  });
});

describe('deliverWebhook', () => {
  let server: http.Server;
  let port = 0;
  let hits = 0;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits += 1;
      req.resume();
      if (req.url === '/slow') return setTimeout(() => res.end('{}'), 2_000);
      if (req.url === '/drip') {
        res.writeHead(200);
        const timer = setInterval(() => res.write(' '), 100);
        return res.on('close', () => clearInterval(timer));
      }
      res.writeHead(req.url === '/fail' ? 500 : 200, { 'content-type': 'application/json' });
      res.end(req.url === '/fail' ? '{"retry_in": 42}' : '{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });
  const post = (url: string, allowPrivate: boolean, timeoutMs?: number) =>
    deliverWebhook({ url, body: '{}', headers: {}, allowPrivate, timeoutMs });

  it('refuses loopback and other refused destinations unless allowed, without connecting; no HTTP status', async () => {
    const before = hits;
    const toLoopback: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
    const refused = [
      await post(`http://127.0.0.1:${port}/`, false),
      await post(`http://localhost:${port}/`, false),
      await post(`http://[::1]:${port}/`, false),
      await post(`http://[::ffff:127.0.0.1]:${port}/`, false),
      await post('http://169.254.169.254/latest/meta-data', false),
      await deliverWebhook({
        url: `http://hooks.example:${port}/`,
        body: '{}',
        headers: {},
        allowPrivate: false,
        resolve: toLoopback,
      }),
    ];
    for (const result of refused) {
      expect(result).toMatchObject({ ok: false, error: expect.stringContaining('refused') });
      expect(result.status).toBeUndefined();
    }
    expect(hits).toBe(before);
    expect(await post(`http://127.0.0.1:${port}/`, true)).toMatchObject({ ok: true, status: 200 });
    expect(
      await deliverWebhook({
        url: `http://hooks.example:${port}/`,
        body: '{}',
        headers: {},
        allowPrivate: true,
        resolve: toLoopback,
      }),
    ).toMatchObject({ ok: true, status: 200 });
  });

  it('marks a refusal decided from the address alone as policy, permanent; an unreachable destination is neither', async () => {
    const toPrivate: Resolver = async () => [{ address: '10.1.2.3', family: 4 }];
    const byName = await deliverWebhook({
      url: 'http://hooks.example/',
      body: '{}',
      headers: {},
      allowPrivate: false,
      resolve: toPrivate,
    });
    expect(byName).toMatchObject({ ok: false, permanent: true, refusedByPolicy: true });
    expect(byName.status).toBeUndefined();
    expect(await post('http://192.168.1.10/', false)).toMatchObject({
      permanent: true,
      refusedByPolicy: true,
    });
    // Allowed, and nobody listening (a closed loopback port): worth retrying, not a policy matter.
    const closed = await new Promise<number>((resolve) => {
      const probe = http.createServer().listen(0, '127.0.0.1', () => {
        const free = (probe.address() as AddressInfo).port;
        probe.close(() => resolve(free));
      });
    });
    const unreachable = await post(`http://127.0.0.1:${closed}/`, true);
    expect(unreachable.ok).toBe(false);
    expect(unreachable.permanent).toBeUndefined();
    expect(unreachable.refusedByPolicy).toBeUndefined();
  });

  it('reads retry_in from a failed answer', async () => {
    expect(await post(`http://127.0.0.1:${port}/fail`, true)).toMatchObject({
      ok: false,
      status: 500,
      retryIn: 42,
    });
  });

  it('gives up after the timeout, also on a receiver that keeps trickling bytes', async () => {
    const slow = await post(`http://127.0.0.1:${port}/slow`, true, 300);
    expect(slow).toMatchObject({ ok: false, error: expect.stringContaining('no answer within') });
    const started = Date.now();
    const drip = await post(`http://127.0.0.1:${port}/drip`, true, 500);
    expect(drip.ok).toBe(false);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('refuses a URL it cannot parse', async () => {
    expect(await post('not a url', true)).toMatchObject({ ok: false, permanent: true });
  });
});
