import { describe, expect, it } from 'vitest';
import { LocalRateLimit } from '@/lib/ratelimit';

describe('LocalRateLimit', () => {
  it('allows the limit in a window, refuses past it, and starts afresh in the next window', () => {
    const limit = new LocalRateLimit(2, 10_000);
    const t0 = Date.UTC(2026, 0, 1, 10, 0, 3);
    expect([1, 2, 3].map(() => limit.hit('a', t0).allowed)).toEqual([true, true, false]);
    expect(limit.hit('a', t0)).toEqual({ allowed: false, resetSeconds: 7 });
    expect(limit.hit('b', t0).allowed).toBe(true);
    expect(limit.hit('a', t0 + 7_000).allowed).toBe(true);
  });

  it('stays within its keys: past the cap, new keys share one limited count, so a flood of new keys is refused', () => {
    const limit = new LocalRateLimit(2, 10_000, 2);
    const t0 = Date.UTC(2026, 0, 1, 10, 0, 0);
    limit.hit('a', t0);
    limit.hit('b', t0);
    expect(['c', 'd', 'e', 'c'].map((key) => limit.hit(key, t0).allowed)).toEqual([
      true,
      true,
      false,
      false,
    ]);
    // Keys counted before the cap keep their own counts.
    expect(limit.hit('a', t0).allowed).toBe(true);
    expect(limit.hit('a', t0).allowed).toBe(false);
    // A new window starts with every key afresh.
    expect(limit.hit('e', t0 + 10_000).allowed).toBe(true);
  });

  it('peeks without counting', () => {
    const limit = new LocalRateLimit(1, 10_000);
    const t0 = Date.UTC(2026, 0, 1, 10, 0, 0);
    expect(limit.peek('a', t0).allowed).toBe(true);
    expect(limit.peek('a', t0).allowed).toBe(true);
    limit.hit('a', t0);
    expect(limit.peek('a', t0)).toEqual({ allowed: false, resetSeconds: 10 });
  });
});
