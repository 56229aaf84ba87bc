import { describe, expect, it } from 'vitest';
import { addressGroup, LocalRateLimit } from '@/lib/ratelimit';

describe('LocalRateLimit', () => {
  it('allows the limit in a window, refuses past it, and starts afresh in the next window', () => {
    const limit = new LocalRateLimit(2, 10_000);
    const t0 = Date.UTC(2026, 0, 1, 10, 0, 3);
    expect([1, 2, 3].map(() => limit.hit('a', t0).allowed)).toEqual([true, true, false]);
    expect(limit.hit('a', t0)).toEqual({ allowed: false, resetSeconds: 7 });
    expect(limit.hit('b', t0).allowed).toBe(true);
    expect(limit.hit('a', t0 + 7_000).allowed).toBe(true);
  });

  it('stays within its keys: past the cap, new keys are not remembered', () => {
    const limit = new LocalRateLimit(1, 10_000, 2);
    const t0 = Date.UTC(2026, 0, 1, 10, 0, 0);
    limit.hit('a', t0);
    limit.hit('b', t0);
    expect(limit.hit('c', t0).allowed).toBe(true);
    expect(limit.hit('c', t0).allowed).toBe(true);
    expect(limit.hit('a', t0).allowed).toBe(false);
  });
});

describe('addressGroup', () => {
  it('keeps IPv4 addresses, unwraps IPv4-mapped IPv6, and groups IPv6 by /64', () => {
    expect(addressGroup('192.0.2.7')).toBe('192.0.2.7');
    expect(addressGroup('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressGroup('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:0DB8:0001:0002:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:db8::5')).toBe('2001:db8:0:0::/64');
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
    expect(addressGroup('unknown')).toBe('unknown');
  });
});
