import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { acceptRequestId, parseTrustedProxies, REQUEST_ID_HEADER } from '@/lib/security';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function requestFrom(remoteAddress: string, requestId?: string) {
  return {
    socket: { remoteAddress },
    headers: requestId === undefined ? {} : { [REQUEST_ID_HEADER]: requestId },
  } as unknown as IncomingMessage;
}

describe('acceptRequestId', () => {
  const proxies = parseTrustedProxies('127.0.0.1, 10.0.0.0/8');

  it('keeps a well-formed id a trusted proxy sent, and hands it on as the header', () => {
    for (const [from, sent] of [
      ['127.0.0.1', 'abc'],
      ['::ffff:10.1.2.3', 'lb-7f3a.2026_11_26'],
      ['10.0.0.9', 'x'.repeat(64)],
      ['10.0.0.9', '4bf92f3577b34da6a3ce929d0e0e4736'],
    ] as const) {
      const req = requestFrom(from, sent);
      expect(acceptRequestId(req, proxies), `${from} ${sent}`).toBe(sent);
      expect(req.headers[REQUEST_ID_HEADER]).toBe(sent);
    }
  });

  it('makes a new UUID when a trusted proxy sent none, or one too long or with other characters', () => {
    for (const sent of [
      undefined,
      '',
      'x'.repeat(65),
      'two words',
      'abc\nlevel=fatal',
      '{"level":"fatal"}',
      'id,other',
      'ñandú',
      '../../etc',
    ]) {
      const req = requestFrom('127.0.0.1', sent);
      const id = acceptRequestId(req, proxies);
      expect(id, String(sent)).toMatch(UUID);
      expect(req.headers[REQUEST_ID_HEADER]).toBe(id);
    }
  });

  it('ignores the header from any other peer, and without TRUST_PROXY from everyone', () => {
    for (const [from, trusted] of [
      ['192.0.2.7', proxies],
      ['127.0.0.2', proxies],
      ['2001:db8::1', proxies],
      ['127.0.0.1', []],
    ] as const) {
      const req = requestFrom(from, 'chosen-by-client');
      const id = acceptRequestId(req, trusted);
      expect(id, from).toMatch(UUID);
      expect(req.headers[REQUEST_ID_HEADER]).toBe(id);
    }
  });

  it('gives every request its own id', () => {
    const ids = new Set(
      Array.from({ length: 100 }, () => acceptRequestId(requestFrom('192.0.2.7'), proxies)),
    );
    expect(ids.size).toBe(100);
  });
});
