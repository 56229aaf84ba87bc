import { isIPv6 } from 'node:net';

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
    /** Past this many keys in one window new keys go uncounted, so memory stays bounded. */
    readonly maxKeys = 100_000,
  ) {}

  hit(key: string, now = Date.now()): { allowed: boolean; resetSeconds: number } {
    const window = Math.floor(now / this.windowMs);
    if (window !== this.#window) {
      this.#window = window;
      this.#counts.clear();
    }
    const count = (this.#counts.get(key) ?? 0) + 1;
    if (this.#counts.has(key) || this.#counts.size < this.maxKeys) this.#counts.set(key, count);
    return { allowed: count <= this.limit, resetSeconds: Math.max(1, Math.ceil(((window + 1) * this.windowMs - now) / 1000)) };
  }
}

/**
 * The key one client is counted under: its IPv4 address, or its IPv6 /64 (one subscriber's
 * network; counting single IPv6 addresses would let anyone rotate through 2^64 of them).
 */
export function addressGroup(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = '', tail] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups.slice(0, 4).map((group) => Number.parseInt(group, 16).toString(16)).join(':')}::/64`;
}
