import { createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startRsaKeyPool, takeRsaKeyPair } from '@/lib/arca';

// Real keys, made once: the pool hands out whatever its maker made, and a test tells them apart.
const madeAhead = Array.from(
  { length: 3 },
  () => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey,
);
const pemOf = (key: KeyObject) => key.export({ type: 'pkcs8', format: 'pem' }) as string;

/** A maker that hands out the keys above in turn, counting its calls; past them it fails. */
function maker() {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    makeKey: () => {
      const key = madeAhead[calls++];
      return key ? Promise.resolve(key) : Promise.reject(new Error('no more keys in this test'));
    },
  };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));
const pools: { stop(): void }[] = [];
afterEach(() => {
  for (const pool of pools.splice(0)) pool.stop();
  vi.useRealTimers();
});

describe('RSA key pool', () => {
  it('makes keys up to its size, one at a time, and hands each out once', async () => {
    const keys = maker();
    const pool = startRsaKeyPool({ size: 2, isBusy: () => false, makeKey: keys.makeKey })!;
    pools.push(pool);
    await settled();
    await settled();
    expect(pool.ready).toBe(2);
    expect(keys.calls).toBe(2);

    const first = await takeRsaKeyPair();
    const second = await takeRsaKeyPair();
    expect(first.privateKeyPem).toBe(pemOf(madeAhead[0]!));
    expect(second.privateKeyPem).toBe(pemOf(madeAhead[1]!));
    await settled();
    // A take starts the refill at once: the next key made is ready again.
    expect(pool.ready).toBe(1);
    expect(pool.take()).toBe(madeAhead[2]);
    expect(createPrivateKey(first.privateKeyPem).asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(first.publicKeyPem).toContain('BEGIN PUBLIC KEY');
  });

  it('makes a key on the spot when the pool is empty', async () => {
    // Always busy: nothing is made ahead.
    const keys = maker();
    pools.push(startRsaKeyPool({ size: 2, isBusy: () => true, makeKey: keys.makeKey })!);
    const pair = await takeRsaKeyPair();
    expect(keys.calls).toBe(0);
    expect(madeAhead.map(pemOf)).not.toContain(pair.privateKeyPem);
    expect(createPrivateKey(pair.privateKeyPem).asymmetricKeyDetails?.modulusLength).toBe(2048);
  });

  it('makes a key on the spot when no pool was started', async () => {
    const pair = await takeRsaKeyPair();
    expect(createPrivateKey(pair.privateKeyPem).asymmetricKeyDetails?.modulusLength).toBe(2048);
  });

  it('waits while the instance is busy, and starts the refill as soon as a key is taken', async () => {
    vi.useFakeTimers();
    let busy = true;
    const keys = maker();
    const pool = startRsaKeyPool({
      size: 1,
      isBusy: () => busy,
      makeKey: keys.makeKey,
      pauseMs: 500,
    })!;
    pools.push(pool);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(keys.calls).toBe(0);
    busy = false;
    await vi.advanceTimersByTimeAsync(500);
    expect(pool.ready).toBe(1);
    expect(pool.take()).toBe(madeAhead[0]);
    expect(pool.take()).toBeUndefined();
    expect(keys.calls).toBe(2);
    await vi.advanceTimersByTimeAsync(0);
    busy = true;
    expect(pool.take()).toBe(madeAhead[1]);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(keys.calls).toBe(2);
    busy = false;
    await vi.advanceTimersByTimeAsync(500);
    expect(keys.calls).toBe(3);
  });

  it('reports a key it could not make, tries again later, and the click still gets a key', async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    let calls = 0;
    const pool = startRsaKeyPool({
      size: 1,
      isBusy: () => false,
      makeKey: () => {
        calls++;
        return Promise.reject(new Error('the thread pool said no'));
      },
      onError: (error) => errors.push(error),
      pauseMs: 500,
    })!;
    pools.push(pool);
    await vi.advanceTimersByTimeAsync(0);
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toContain('the thread pool said no');
    await vi.advanceTimersByTimeAsync(500);
    expect(calls).toBe(2);
    vi.useRealTimers();
    const pair = await takeRsaKeyPair();
    expect(createPrivateKey(pair.privateKeyPem).asymmetricKeyDetails?.modulusLength).toBe(2048);
  });

  it('drops what it holds when stopped, and a key made after that is not kept', async () => {
    let finish: (key: KeyObject) => void = () => undefined;
    const pool = startRsaKeyPool({
      size: 1,
      isBusy: () => false,
      makeKey: () => new Promise<KeyObject>((resolve) => (finish = resolve)),
    })!;
    pool.stop();
    finish(madeAhead[2]!);
    await settled();
    expect(pool.ready).toBe(0);
    expect(pool.take()).toBeUndefined();
    const pair = await takeRsaKeyPair();
    expect(pair.privateKeyPem).not.toBe(pemOf(madeAhead[2]!));
  });

  it('starts none at size 0, and a new pool replaces the one before', async () => {
    expect(startRsaKeyPool({ size: 0, isBusy: () => false })).toBeUndefined();
    const keys = maker();
    const older = startRsaKeyPool({ size: 1, isBusy: () => false, makeKey: keys.makeKey })!;
    await settled();
    expect(older.ready).toBe(1);
    const newer = startRsaKeyPool({ size: 1, isBusy: () => true, makeKey: keys.makeKey })!;
    pools.push(newer);
    // The older pool was stopped (its key dropped); the newer one is what the wizard takes from.
    expect(older.ready).toBe(0);
    const pair = await takeRsaKeyPair();
    expect(pair.privateKeyPem).not.toBe(pemOf(madeAhead[0]!));
  });
});
