import 'server-only';
import { generateKeyPair, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import { currentKeyPool, installKeyPool, type RsaKeyPool } from './current-pool';

const generate = promisify(generateKeyPair);

interface KeyPoolOptions {
  /** Keys kept ready; 0 starts no pool. */
  size: number;
  /**
   * Whether the instance has more work than it lets in right now (server.ts: the admission gates):
   * no key is made ahead while it has, since that CPU belongs to the requests waiting.
   */
  isBusy(): boolean;
  /** A key made ahead could not be made (it is tried again later; the wizard makes its own meanwhile). */
  onError?(error: unknown): void;
  /** How long to wait before trying again after a busy moment or a failure. */
  pauseMs?: number;
  /** For the tests: how a key is made. */
  makeKey?(): Promise<KeyObject>;
}

const DEFAULT_PAUSE_MS = 500;

/** RSA-2048, as ARCA requires, on libuv's thread pool. */
async function makeRsaKey(): Promise<KeyObject> {
  const { privateKey } = await generate('rsa', { modulusLength: 2048, publicExponent: 0x10001 });
  return privateKey;
}

/**
 * Keeps up to `size` RSA-2048 keys made ahead in this process's memory, so the wizard's "generate
 * key and CSR" click does not wait for one (≈ 150 ms of CPU, sometimes far more). One key at a
 * time, on libuv's thread pool, and only while the instance is not busy, so the pool never
 * competes with the requests it is meant to speed up; a take starts the refill at once, since
 * suppliers reach the key step faster than a refill paused after each take kept up with. Keys are
 * KeyObjects (native memory, never a string a heap snapshot or a log line could carry), each
 * handed out once and then forgotten; nothing is written anywhere, and a stopped pool drops what
 * it holds.
 */
export function startRsaKeyPool(options: KeyPoolOptions): RsaKeyPool | undefined {
  currentKeyPool()?.stop();
  if (options.size <= 0) return undefined;
  const makeKey = options.makeKey ?? makeRsaKey;
  const pauseMs = options.pauseMs ?? DEFAULT_PAUSE_MS;
  const keys: KeyObject[] = [];
  let making = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const later = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      refill();
    }, pauseMs);
    timer.unref();
  };

  const refill = () => {
    if (stopped || making || timer || keys.length >= options.size) return;
    if (options.isBusy()) return later();
    making = true;
    makeKey().then(
      (key) => {
        making = false;
        if (stopped) return;
        keys.push(key);
        refill();
      },
      (error: unknown) => {
        making = false;
        options.onError?.(error);
        later();
      },
    );
  };

  const pool: RsaKeyPool = {
    take() {
      const key = keys.shift();
      refill();
      return key;
    },
    get ready() {
      return keys.length;
    },
    stop() {
      stopped = true;
      keys.length = 0;
      clearTimeout(timer);
      timer = undefined;
      if (currentKeyPool() === pool) installKeyPool(undefined);
    },
  };
  installKeyPool(pool);
  refill();
  return pool;
}
