import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { buildWebhookPayload, deliverWebhook, GIVE_UP_AFTER_MS, isPrivateAddress, nextRetryDelay, signWebhook, webhookMessageId } from '@/lib/webhooks';

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1', '127.8.9.10', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1',
    '0.0.0.0', '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', 'not-an-ip',
  ])('%s is private', (address) => expect(isPrivateAddress(address)).toBe(true));
  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '192.169.0.1', '100.128.0.1', '2606:4700:4700::1111', '2001:4860:4860::8888', '::ffff:8.8.8.8'])('%s is public', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
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
    for (let delay = nextRetryDelay(attempts, 0, now); delay !== undefined; delay = nextRetryDelay(attempts, 0, now)) {
      now += delay;
      attempts += 1;
    }
    // 1 + 9 doubling waits (2,555 s in all) + 22 half-hour waits.
    expect(attempts).toBe(32);
    expect(now).toBeLessThanOrEqual(GIVE_UP_AFTER_MS);
  });

  it('a retry_in from the receiver overrides the schedule, still within 12 h', () => {
    expect(nextRetryDelay(1, 0, 0, 0)).toBe(0);
    expect(nextRetryDelay(3, 0, 0, 90)).toBe(90_000);
    expect(nextRetryDelay(3, 0, GIVE_UP_AFTER_MS - 10_000, 60)).toBeUndefined();
  });
});

describe('payload and signature', () => {
  const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
  const ctx = { jobId: 'j1', stepId: 's1', entryId: 'e1', ownerId: 'o1', event: 'registration.link', args: { a: 1 }, faults: [] };

  it('carries siloEntryId and a webhook-id stable per job step', () => {
    const payload = buildWebhookPayload(ctx);
    expect(payload).toMatchObject({ transform_job_id: 'j1', silo_entry_id: 'e1', siloEntryId: 'e1', owner_id: 'o1', key: null, args: { a: 1 } });
    expect(payload.id).toBe(webhookMessageId('j1', 's1'));
    expect(webhookMessageId('j1', 's2')).not.toBe(payload.id);
  });

  it('verifies with standardwebhooks and fails on a changed body, a wrong secret or an old timestamp', () => {
    const body = JSON.stringify(buildWebhookPayload(ctx));
    const headers = signWebhook(secret, 'msg_1', body);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(body + ' ', headers)).toThrow();
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 8).toString('base64')}`).verify(body, headers)).toThrow();
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
  const post = (url: string, allowPrivate: boolean, timeoutMs?: number) => deliverWebhook({ url, body: '{}', headers: {}, allowPrivate, timeoutMs });

  it('refuses loopback and private destinations unless allowed, without connecting', async () => {
    const before = hits;
    expect(await post(`http://127.0.0.1:${port}/`, false)).toMatchObject({ ok: false, permanent: true, error: expect.stringContaining('private') });
    expect(await post(`http://localhost:${port}/`, false)).toMatchObject({ ok: false, permanent: true, error: expect.stringContaining('private') });
    expect(await post(`http://[::1]:${port}/`, false)).toMatchObject({ ok: false, permanent: true });
    expect(await post('http://169.254.169.254/latest/meta-data', false)).toMatchObject({ ok: false, permanent: true });
    expect(hits).toBe(before);
    expect(await post(`http://127.0.0.1:${port}/`, true)).toMatchObject({ ok: true, status: 200 });
  });

  it('reads retry_in from a failed answer', async () => {
    expect(await post(`http://127.0.0.1:${port}/fail`, true)).toMatchObject({ ok: false, status: 500, retryIn: 42 });
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
