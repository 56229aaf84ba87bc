import 'server-only';
import type { Db } from '@/lib/db';
import { addToWindow } from './add-to-window';

interface RateLimitResult {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

interface Bucket {
  windowStart: number;
  windowMs: number;
  /** The shared total as the database last answered it: every instance's hits and reservations. */
  known: number;
  /** Hits this instance has added to the shared total ahead of time and not used yet. */
  reserved: number;
  /** The reservation on its way to the database; hits that find none left wait for it. */
  reserving?: Promise<void>;
}

// Each instance reserves a share of what remains of the window's budget in the shared table (one
// atomic upsert) and spends it locally, so far from the limit there is no write per request, and
// the instances together can never let more than the limit through: a hit is only allowed out of a
// reservation the database granted. A share is an eighth of what remains (one hit near the limit),
// so what an instance holds unused when traffic moves to another instance is small; on a bucket's
// first hit in a window, when what remains is not known yet, an eighth of the limit (the database
// grants only what still fits under it). Most buckets (a supplier's link, an address) see a few
// hits a window: the first write covers them all. A refusal once the shared total reached the
// limit costs no write at all.
const SHARE = 8;
// On globalThis: server.ts (the page cache's guard) and Next's server bundles (the wizard's pages)
// each load their own copy of this module, and each copy holding reservations of its own would
// spend the address's budget several times over.
const KEY = Symbol.for('arca-registration.rate-limit-reservations');
const holder = globalThis as unknown as { [KEY]?: WeakMap<Db, Map<string, Bucket>> };
const state = (holder[KEY] ??= new WeakMap<Db, Map<string, Bucket>>());

export async function hitRateLimit(
  db: Db,
  bucket: string,
  limit: number,
  windowSeconds = 60,
  now = Date.now(),
): Promise<RateLimitResult> {
  const windowMs = windowSeconds * 1000;
  const windowStart = Math.floor(now / windowMs) * windowMs;
  let buckets = state.get(db);
  if (!buckets) state.set(db, (buckets = new Map<string, Bucket>()));
  if (buckets.size > 10_000)
    for (const [key, old] of buckets)
      if (old.windowStart < windowStart && !old.reserving) buckets.delete(key);
  let entry = buckets.get(bucket);
  if (entry?.windowStart !== windowStart) {
    entry = { windowStart, windowMs, known: 0, reserved: 0 };
    buckets.set(bucket, entry);
  }
  for (;;) {
    if (entry.reserved > 0) {
      entry.reserved -= 1;
      return answer(entry, limit, true, now);
    }
    if (entry.known >= limit) return answer(entry, limit, false, now);
    entry.reserving ??= reserve(db, bucket, entry, limit).finally(() => {
      entry.reserving = undefined;
    });
    await entry.reserving;
  }
}

function answer(entry: Bucket, limit: number, allowed: boolean, now: number): RateLimitResult {
  return {
    allowed,
    limit,
    remaining: Math.max(0, limit - entry.known + entry.reserved),
    resetSeconds: Math.max(1, Math.ceil((entry.windowStart + entry.windowMs - now) / 1000)),
  };
}

async function reserve(db: Db, bucket: string, entry: Bucket, limit: number) {
  const share = Math.max(1, Math.floor((limit - entry.known) / SHARE));
  const total = await addToWindow(
    db,
    bucket,
    new Date(entry.windowStart),
    new Date(entry.windowStart + entry.windowMs),
    share,
  );
  // Answers may arrive out of order; the larger total is the newer one.
  entry.known = Math.max(entry.known, total);
  // Granted: what of this share still fitted under the limit when the database added it.
  entry.reserved += Math.max(0, Math.min(share, limit - (total - share)));
}
