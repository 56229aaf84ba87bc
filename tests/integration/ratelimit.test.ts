import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { openDatabase, queryRows } from '@/lib/db';
import { hitRateLimit, pruneRateLimits, withinAddressAndRefLimits } from '@/lib/ratelimit';
import { describeEachDatabase } from './support/databases';

describeEachDatabase('rate limits', (get) => {
  const stored = async (bucket: string) =>
    (
      await queryRows<{ count: number }>(
        get().db,
        sql`select count from rate_limits where bucket = ${bucket}`,
      )
    )[0]?.count;

  it('reserves an eighth of what remains while far from the limit: 50 hits, one write', async () => {
    const bucket = `test:${randomUUID()}`;
    const results = [await hitRateLimit(get().db, bucket, 1000)];
    // 1000 / 8 = 125 reserved on the first hit, in its one write.
    expect(await stored(bucket)).toBe(125);
    for (let i = 1; i < 50; i++) results.push(await hitRateLimit(get().db, bucket, 1000));
    expect(results.every((r) => r.allowed)).toBe(true);
    expect(results.at(-1)?.remaining).toBe(950);
    // 50 of them spent, the rest this instance's: no other write.
    expect(await stored(bucket)).toBe(125);
    const more = [];
    for (let i = 0; i < 80; i++) more.push(await hitRateLimit(get().db, bucket, 1000));
    // Past the first 125: (1000 - 125) / 8 = 109 more in a second write.
    expect(await stored(bucket)).toBe(234);
    expect(more.at(-1)?.remaining).toBe(870);
  });

  it('shares one set of reservations between copies of the module in one process', async () => {
    // server.ts and each of Next's server bundles load their own copy of lib/ratelimit.
    vi.resetModules();
    const copy = await import('@/lib/ratelimit/hit-rate-limit');
    expect(copy.hitRateLimit).not.toBe(hitRateLimit);
    const bucket = `test:${randomUUID()}`;
    await hitRateLimit(get().db, bucket, 1000);
    const second = await copy.hitRateLimit(get().db, bucket, 1000);
    // The second copy spends the first one's reservation: no write of its own.
    expect(await stored(bucket)).toBe(125);
    expect(second.remaining).toBe(998);
  });

  it('reserves one hit at a time near the limit, so the limit is exact; refusals cost no write', async () => {
    const bucket = `test:${randomUUID()}`;
    const allowed = [];
    for (let i = 0; i < 12; i++) allowed.push((await hitRateLimit(get().db, bucket, 10)).allowed);
    expect(allowed).toEqual([...Array(10).fill(true), false, false]);
    expect(await stored(bucket)).toBe(10);
  });

  it('never lets two instances together past the limit, however their hits interleave (PostgreSQL)', async (ctx) => {
    if (get().kind !== 'postgres') return ctx.skip();
    // A second pool is a second instance: hitRateLimit keeps its reservations per database handle.
    const other = await openDatabase({
      databaseUrl: process.env.DATABASE_URL,
      dataDir: '',
      maxConnections: 4,
    });
    try {
      const bucket = `test:${randomUUID()}`;
      const hit = (i: number) => hitRateLimit(i % 2 ? other.db : get().db, bucket, 100);
      // Each instance has seen the bucket once, then a burst arrives on both.
      const results = [await hit(0), await hit(1)];
      results.push(...(await Promise.all(Array.from({ length: 148 }, (_, i) => hit(i)))));
      const allowed = results.filter((r) => r.allowed).length;
      expect(allowed).toBeLessThanOrEqual(100);
      expect(allowed).toBeGreaterThanOrEqual(100 - 2 * Math.ceil(100 / 8));
    } finally {
      await other.close();
    }
  });

  it('starts a new window with a fresh count', async () => {
    const bucket = `test:${randomUUID()}`;
    const t0 = Date.UTC(2026, 0, 1, 10, 0, 30);
    for (let i = 0; i < 3; i++) await hitRateLimit(get().db, bucket, 3, 60, t0);
    expect((await hitRateLimit(get().db, bucket, 3, 60, t0)).allowed).toBe(false);
    expect((await hitRateLimit(get().db, bucket, 3, 60, t0 + 60_000)).allowed).toBe(true);
  });

  it('counts an address and a link separately, each against its own limit, and stores only a digest of the ref', async () => {
    const scope = `test-${randomUUID()}`;
    const ref = `ref${randomUUID()}`;
    const within = (address: string, r = ref) =>
      withinAddressAndRefLimits(get().db, scope, { address, ref: r }, { address: 3, ref: 2 });
    expect([
      await within('192.0.2.1'),
      await within('192.0.2.2'),
      await within('192.0.2.3'),
    ]).toEqual([true, true, false]);
    expect([
      await within('192.0.2.9', `other${randomUUID()}`),
      await within('192.0.2.9', `other${randomUUID()}`),
      await within('192.0.2.9', `other${randomUUID()}`),
    ]).toEqual([true, true, true]);
    expect(await within('192.0.2.9', `other${randomUUID()}`)).toBe(false);
    // The refused fourth is not written: the address had spent its 3.
    expect(await stored(`${scope}-ip:192.0.2.9`)).toBe(3);
    const buckets = await queryRows<{ bucket: string }>(
      get().db,
      sql`select bucket from rate_limits where bucket like ${`${scope}-%`}`,
    );
    expect(buckets.some((b) => b.bucket.includes(ref))).toBe(false);
    expect(buckets.filter((b) => /-ref:[0-9a-f]{32}$/.test(b.bucket))).toHaveLength(5);
  });

  it('prunes the counters of windows that have ended, and only those', async () => {
    const ended = `test:${randomUUID()}`;
    const longWindow = `test:${randomUUID()}`;
    const current = `test:${randomUUID()}`;
    // Windows are aligned to the clock: half past an hour, so the hour-long window opened two
    // minutes before has not ended (with Date.now() the test failed in the first two minutes of an hour).
    const now = Math.floor(Date.now() / 3_600_000) * 3_600_000 - 30 * 60_000;
    await hitRateLimit(get().db, ended, 5, 60, now - 120_000);
    await hitRateLimit(get().db, longWindow, 5, 3600, now - 120_000);
    await hitRateLimit(get().db, current, 5, 60, now);
    expect(await pruneRateLimits(get().db, new Date(now))).toBeGreaterThanOrEqual(1);
    expect(await stored(ended)).toBeUndefined();
    expect(await stored(longWindow)).toBe(1);
    expect(await stored(current)).toBe(1);
    expect(await pruneRateLimits(get().db, new Date(now + 3_600_000 * 2))).toBeGreaterThanOrEqual(
      2,
    );
    expect(await stored(longWindow)).toBeUndefined();
    expect(await stored(current)).toBeUndefined();
  });

  it('never prunes a counter another transaction renewed while the prune waited for it (PostgreSQL)', async (ctx) => {
    if (get().kind !== 'postgres') return ctx.skip();
    const db = get().db;
    const bucket = `test:${randomUUID()}`;
    const now = Date.now();
    await hitRateLimit(db, bucket, 5, 60, now - 120_000);
    let pruning: Promise<number> | undefined;
    await db.transaction(async (tx) => {
      // Renewed (a new window) but not yet committed: the prune's subquery still sees it ended.
      await tx.execute(
        sql`update rate_limits set expires_at = ${new Date(now + 60_000).toISOString()}, count = 1 where bucket = ${bucket}`,
      );
      pruning = pruneRateLimits(db, new Date(now));
      // Asked on another connection: inside a transaction pg_stat_activity answers from one snapshot.
      const waitingOnTheRow = async () =>
        (
          await queryRows<{ waiting: number }>(
            db,
            sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like 'delete from rate_limits%'`,
          )
        )[0]!.waiting > 0;
      while (!(await waitingOnTheRow())) await new Promise((r) => setTimeout(r, 20));
    });
    await pruning;
    expect(await stored(bucket)).toBe(1);
  });
});
