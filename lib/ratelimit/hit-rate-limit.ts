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
  /** The shared total as the database last answered it. */
  known: number;
  /** Hits counted here and not yet added to the database. */
  pending: number;
  synced: boolean;
  timer?: NodeJS.Timeout;
}

// Far from the limit, hits are added to the shared table in batches (one upsert per bucket every
// FLUSH_MS) instead of one write per request; near it (or on a bucket's first hit) every hit is
// written before answering, so the limit holds exactly across instances where it matters.
const FLUSH_MS = 200;
const EXACT_FROM = 0.8;
const state = new WeakMap<Db, Map<string, Bucket>>();

export async function hitRateLimit(
  db: Db,
  bucket: string,
  limit: number,
  windowSeconds = 60,
  now = Date.now(),
): Promise<RateLimitResult> {
  const windowMs = windowSeconds * 1000;
  const windowStart = Math.floor(now / windowMs) * windowMs;
  const buckets = state.get(db) ?? new Map<string, Bucket>();
  state.set(db, buckets);
  if (buckets.size > 10_000)
    for (const [key, old] of buckets)
      if (old.windowStart < windowStart && old.pending === 0) buckets.delete(key);
  let entry = buckets.get(bucket);
  if (!entry || entry.windowStart !== windowStart) {
    if (entry?.timer) clearTimeout(entry.timer);
    entry = { windowStart, windowMs, known: 0, pending: 0, synced: false };
    buckets.set(bucket, entry);
  }
  entry.pending += 1;
  if (!entry.synced || entry.known + entry.pending >= limit * EXACT_FROM)
    await flush(db, bucket, entry);
  else
    entry.timer ??= setTimeout(
      () => void flush(db, bucket, entry).catch(() => undefined),
      FLUSH_MS,
    ).unref();
  const count = entry.known + entry.pending;
  return {
    allowed: count <= limit,
    limit,
    remaining: Math.max(0, limit - count),
    resetSeconds: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)),
  };
}

async function flush(db: Db, bucket: string, entry: Bucket) {
  if (entry.timer) clearTimeout(entry.timer);
  entry.timer = undefined;
  const hits = entry.pending;
  if (hits === 0) return;
  entry.pending = 0;
  try {
    const total = await addToWindow(
      db,
      bucket,
      new Date(entry.windowStart),
      new Date(entry.windowStart + entry.windowMs),
      hits,
    );
    // Answers may arrive out of order; the larger total is the newer one.
    entry.known = Math.max(entry.known, total);
    entry.synced = true;
  } catch (error) {
    entry.pending += hits;
    throw error;
  }
}
