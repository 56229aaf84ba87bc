import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it, vi } from 'vitest';
import { clientAddressKey } from '@/lib/security';
import { ADDRESS_THROTTLE, createUser, signIn, warmDecoyHash, type Clock } from '@/lib/users';
import { createWorkspace } from '@/lib/workspaces';
import { scryptRuns } from './support/cheap-scrypt';
import { describeEachDatabase } from './support/databases';

// Counts scrypt runs (a password check or the decoy's hash), so "the same work" and "no work" are
// exact counts rather than timings; at a lower work factor, which is not what these tests are about.
vi.mock('node:crypto', async (importOriginal) =>
  (await import('./support/cheap-scrypt')).cheapScrypt(importOriginal),
);

const email = () => `op-${randomUUID()}@example.com`;
const address = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}-${randomUUID()}`;

/** Time that moves only when the throttle waits, so delays are exact and tests never sleep. */
function fakeClock(start = Date.now()): Clock & { waits: number[] } {
  let now = start;
  const waits: number[] = [];
  return { waits, now: () => now, sleep: async (ms) => void (waits.push(ms), (now += ms)) };
}
/** Time that never moves: every attempt of a burst arrives at the same instant. */
function stillClock(start = Date.now()): Clock & { waits: number[] } {
  const waits: number[] = [];
  return { waits, now: () => start, sleep: async (ms) => void waits.push(ms) };
}

const invalid = { ok: false, reason: 'invalid' };

describeEachDatabase('console sign-in throttle', (database) => {
  beforeAll(async () => {
    await warmDecoyHash();
  });

  const operator = async (password = 'the right password') => {
    const { db } = database();
    const ws = await createWorkspace(db, { name: 'throttle' });
    const target = email();
    await createUser(db, { workspaceId: ws.id, email: target, password });
    return target;
  };

  /** Guesses from `from` until the address is refused, with time moving as the throttle asks. */
  const exhaust = async (from: string, target: string, clock = fakeClock()) => {
    const { db } = database();
    for (let i = 0; i < 16; i++)
      await signIn(db, { email: target, password: `guess ${i}` }, { clientAddress: from, clock });
    return clock;
  };

  it('counts parallel attempts when they take their turn: a burst on a fresh address and account waits more and more, then is refused', async () => {
    const { db } = database();
    const target = await operator();
    const clock = stillClock();
    const from = address();
    scryptRuns.count = 0;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        signIn(db, { email: target, password: `guess ${i}` }, { clientAddress: from, clock }),
      ),
    );
    expect(results.every((result) => !result.ok)).toBe(true);
    // Account: 3 free, then 1, 2, 4, 8 s apart up to its 15 s cap; address: refused once its queue is 15 s deep.
    expect([...clock.waits].sort((a, b) => a - b)).toEqual([
      0,
      0,
      0,
      0,
      1000,
      3000,
      7000,
      ...Array(8).fill(15_000),
    ]);
    // The five refused attempts were answered at once: no wait, no password check.
    expect(scryptRuns.count).toBe(15);
  }, 60_000);

  it('throttles an IPv6 client by its /64 and an IPv4-mapped address as the IPv4 one', async () => {
    expect(clientAddressKey('2001:db8:1:2:aaaa::1')).toBe(
      clientAddressKey('2001:db8:1:2:ffff:ffff:ffff:fffe'),
    );
    expect(clientAddressKey('2001:db8:1:2:aaaa::1')).not.toBe(clientAddressKey('2001:db8:1:3::1'));
    expect(clientAddressKey('::ffff:192.0.2.7')).toBe(clientAddressKey('192.0.2.7'));
    const { db } = database();
    const target = await operator();
    const clock = fakeClock();
    const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:7`;
    for (let i = 0; i < 16; i++)
      await signIn(
        db,
        { email: target, password: `guess ${i}` },
        { clientAddress: `${prefix}::${(i + 1).toString(16)}`, clock },
      );
    scryptRuns.count = 0;
    expect(
      await signIn(
        db,
        { email: target, password: 'the right password' },
        { clientAddress: `${prefix}:1:2:3:4`, clock },
      ),
    ).toEqual(invalid);
    expect(scryptRuns.count).toBe(0);
  }, 60_000);

  it('answers a refused address at once, with the same text and no lookup, wait or password check', async () => {
    const { db } = database();
    const target = await operator();
    const attacker = address();
    await exhaust(attacker, target);
    const clock = fakeClock();
    scryptRuns.count = 0;
    expect(
      await signIn(
        db,
        { email: target, password: 'the right password' },
        { clientAddress: attacker, clock },
      ),
    ).toEqual(invalid);
    expect(
      await signIn(
        db,
        { email: email(), password: 'the right password' },
        { clientAddress: attacker, clock },
      ),
    ).toEqual(invalid);
    expect(scryptRuns.count).toBe(0);
    expect(clock.waits).toEqual([]);
  }, 60_000);

  it('does the same work for an unknown email, a wrong password and a throttled account: one scrypt each', async () => {
    const { db } = database();
    const known = await operator();
    const throttled = await operator();
    const clock = fakeClock();
    for (let i = 0; i < 6; i++)
      await signIn(
        db,
        { email: throttled, password: `wrong ${i}` },
        { clientAddress: address(), clock },
      );
    for (const target of [email(), known, throttled]) {
      scryptRuns.count = 0;
      expect(
        await signIn(
          db,
          { email: target, password: 'the wrong password' },
          { clientAddress: address(), clock },
        ),
      ).toEqual(invalid);
      expect(scryptRuns.count).toBe(1);
    }
  }, 60_000);

  it('lets the owner in from an address they signed in from before, however others keep that address refused', async () => {
    const { db } = database();
    const target = await operator();
    const shared = address();
    const clock = fakeClock();
    expect(
      (
        await signIn(
          db,
          { email: target, password: 'the right password' },
          { clientAddress: shared, clock },
        )
      ).ok,
    ).toBe(true);
    // Someone behind the same address keeps it refused, guessing at other accounts and at this one.
    await exhaust(shared, target, clock);
    await exhaust(shared, email(), clock);
    const newcomer = await operator();
    expect(
      await signIn(
        db,
        { email: newcomer, password: 'the right password' },
        { clientAddress: shared, clock },
      ),
    ).toEqual(invalid);

    for (let round = 0; round < 3; round++) {
      await exhaust(shared, email(), clock);
      const owner = fakeClock(clock.now());
      expect(
        (
          await signIn(
            db,
            { email: target, password: 'the right password' },
            { clientAddress: shared, clock: owner },
          )
        ).ok,
      ).toBe(true);
      expect(Math.max(0, ...owner.waits)).toBeLessThanOrEqual(ADDRESS_THROTTLE.maxWaitMs);
    }
  }, 120_000);

  it('an attack on the account from elsewhere never delays its owner at an address they signed in from before', async () => {
    const { db } = database();
    const target = await operator();
    const home = address();
    const right = { email: target, password: 'the right password' };
    expect((await signIn(db, right, { clientAddress: home, clock: fakeClock() })).ok).toBe(true);
    // 30 wrong passwords at once, from other addresses, all arriving at the same instant.
    const attack = stillClock();
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        signIn(
          db,
          { email: target, password: `guess ${i}` },
          { clientAddress: i % 2 ? address() : '203.0.113.7', clock: attack },
        ),
      ),
    );
    expect(Math.max(...attack.waits)).toBeGreaterThan(0);
    // From an address it has never signed in from, the account's throttle applies…
    const stranger = stillClock(attack.now());
    await signIn(
      db,
      { email: target, password: 'one more guess' },
      { clientAddress: address(), clock: stranger },
    );
    expect(Math.max(...stranger.waits)).toBeGreaterThan(0);
    // …but the owner, at home, goes straight in.
    const owner = stillClock(attack.now());
    expect((await signIn(db, right, { clientAddress: home, clock: owner })).ok).toBe(true);
    expect(owner.waits).toEqual([0]);
  });

  it('computes the decoy once, ahead of the first unknown email: that sign-in runs one scrypt, not two', async () => {
    const { db } = database();
    delete (globalThis as { __arcaDecoyHash?: unknown }).__arcaDecoyHash;
    await warmDecoyHash();
    scryptRuns.count = 0;
    expect(
      await signIn(
        db,
        { email: email(), password: 'whatever it is' },
        { clientAddress: address(), clock: fakeClock() },
      ),
    ).toEqual(invalid);
    expect(scryptRuns.count).toBe(1);
  });

  it('many parallel attempts from one address on one account, right and wrong, never fail on a lock', async () => {
    const { db } = database();
    const clock = stillClock();
    // Six address-and-account pairs at once, each with attempts staggered so that some take their
    // turn (locking both keys) while earlier ones record their outcome (locking both again).
    const pairs = await Promise.all(
      Array.from({ length: 6 }, async () => ({ target: await operator(), from: address() })),
    );
    const attempts = pairs.flatMap(({ target, from }) =>
      Array.from({ length: 14 }, async (_, i) => {
        await new Promise((resolve) => setTimeout(resolve, i * 7));
        return signIn(
          db,
          { email: target, password: i % 5 === 4 ? 'the right password' : `guess ${i}` },
          { clientAddress: from, clock },
        );
      }),
    );
    const results = await Promise.allSettled(attempts);
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
  }, 120_000);
});
