import type { KeyObject } from 'node:crypto';

export interface RsaKeyPool {
  /** A key made ahead, removed from the pool (no other caller ever gets it); undefined when empty. */
  take(): KeyObject | undefined;
  /** Keys ready now. */
  readonly ready: number;
  /** Drops every key it holds and makes no more. */
  stop(): void;
}

// On globalThis: server.ts starts the pool, and Next's server bundle (the wizard's server action),
// which loads its own copy of this module, takes from it.
const KEY = Symbol.for('arca-registration.rsa-key-pool');
const holder = globalThis as unknown as { [KEY]?: RsaKeyPool };

export function currentKeyPool(): RsaKeyPool | undefined {
  return holder[KEY];
}

export function installKeyPool(pool: RsaKeyPool | undefined): void {
  holder[KEY] = pool;
}
