/**
 * Fixed-window counts kept in this process, for limits checked before any other work: a refused
 * request costs a Map lookup, not a database write. Each instance counts on its own (behind a load
 * balancer an address gets the limit once per instance); limits that must hold across instances
 * use hitRateLimit.
 */
export class LocalRateLimit {
  #window = -1;
  readonly #counts = new Map<string, number>();

  constructor(
    readonly limit: number,
    readonly windowMs = 60_000,
    /**
     * Past this many keys in one window, new keys are all counted together under one shared key
     * (limited like any other): memory stays bounded and a flood of new keys is refused, not let through.
     */
    readonly maxKeys = 100_000,
  ) {}

  /** Counts one request under `key`; whether it is within the limit. */
  hit(key: string, now = Date.now()): { allowed: boolean; resetSeconds: number } {
    const counted = this.#countedKey(key, now);
    const count = (this.#counts.get(counted) ?? 0) + 1;
    this.#counts.set(counted, count);
    return { allowed: count <= this.limit, resetSeconds: this.#resetSeconds(now) };
  }

  /** Whether one more request under `key` would be within the limit, without counting it. */
  peek(key: string, now = Date.now()): { allowed: boolean; resetSeconds: number } {
    const count = (this.#counts.get(this.#countedKey(key, now)) ?? 0) + 1;
    return { allowed: count <= this.limit, resetSeconds: this.#resetSeconds(now) };
  }

  #countedKey(key: string, now: number): string {
    const window = Math.floor(now / this.windowMs);
    if (window !== this.#window) {
      this.#window = window;
      this.#counts.clear();
    }
    return this.#counts.has(key) || this.#counts.size < this.maxKeys ? key : OVERFLOW_KEY;
  }

  #resetSeconds(now: number) {
    return Math.max(1, Math.ceil(((this.#window + 1) * this.windowMs - now) / 1000));
  }
}

// Not a client address or any other key a caller builds.
const OVERFLOW_KEY = '\u0000overflow';
