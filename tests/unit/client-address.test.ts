import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import {
  acceptClientAddress,
  CLIENT_ADDRESS_HEADER,
  clientAddressKey,
  parseTrustedProxies,
} from '@/lib/security';

function requestFrom(remoteAddress: string, headers: Record<string, string> = {}) {
  return {
    socket: { remoteAddress },
    headers: { host: 'app.example', ...headers },
  } as unknown as IncomingMessage;
}

describe('clientAddressKey', () => {
  it('keeps IPv4 addresses, unwraps IPv4-mapped IPv6, and groups IPv6 by /64', () => {
    expect(clientAddressKey('192.0.2.7')).toBe('192.0.2.7');
    expect(clientAddressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientAddressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:0DB8:0001:0002:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:db8::5')).toBe('2001:db8:0:0::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressKey('unknown')).toBe('unknown');
  });
});

describe('acceptClientAddress', () => {
  const proxies = parseTrustedProxies('127.0.0.1, 10.0.0.0/8');
  const forwarded = {
    'x-forwarded-for': '198.51.100.4',
    'x-forwarded-host': 'evil.example',
    'x-forwarded-proto': 'https',
    [CLIENT_ADDRESS_HEADER]: '192.0.2.200',
  };

  it('without TRUST_PROXY drops every forwarded header and counts the socket, grouped', () => {
    const req = requestFrom('2001:db8:1:2::99', forwarded);
    expect(acceptClientAddress(req, [])).toBe('2001:db8:1:2::/64');
    expect(req.headers[CLIENT_ADDRESS_HEADER]).toBe('2001:db8:1:2::/64');
    expect(req.headers['x-forwarded-for']).toBeUndefined();
    expect(req.headers['x-forwarded-host']).toBeUndefined();
  });

  it('ignores forwarded headers from a peer that is not a listed proxy', () => {
    const req = requestFrom('192.0.2.9', forwarded);
    expect(acceptClientAddress(req, proxies)).toBe('192.0.2.9');
    expect(req.headers['x-forwarded-host']).toBeUndefined();
  });

  it('from a listed proxy takes the right-most entry that is not a proxy, and keeps its host', () => {
    const req = requestFrom('::ffff:127.0.0.1', {
      ...forwarded,
      'x-forwarded-for': '203.0.113.66, 198.51.100.4, 10.1.2.3',
    });
    expect(acceptClientAddress(req, proxies)).toBe('198.51.100.4');
    expect(req.headers['x-forwarded-host']).toBe('evil.example');
  });

  it('strips a port and groups an IPv6 client', () => {
    expect(
      acceptClientAddress(
        requestFrom('127.0.0.1', { 'x-forwarded-for': '198.51.100.4:4711' }),
        proxies,
      ),
    ).toBe('198.51.100.4');
    expect(
      acceptClientAddress(
        requestFrom('127.0.0.1', { 'x-forwarded-for': '[2001:db8:5:6::1]:443' }),
        proxies,
      ),
    ).toBe('2001:db8:5:6::/64');
  });

  it('falls back to the socket and drops the forwarded headers when the entry is not an IP address', () => {
    for (const value of ['unknown', '198.51.100.4, not-an-ip', '', '10.0.0.1']) {
      const req = requestFrom('127.0.0.1', { ...forwarded, 'x-forwarded-for': value });
      expect(acceptClientAddress(req, proxies), value).toBe('127.0.0.1');
      expect(req.headers['x-forwarded-host'], value).toBeUndefined();
    }
  });
});
