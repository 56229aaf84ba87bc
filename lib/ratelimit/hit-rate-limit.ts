import 'server-only';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/lib/db';

export interface RateLimitResult {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

/**
 * Counts one request in a fixed window shared by every instance (one atomic upsert), and says
 * whether it is within `limit`.
 */
export async function hitRateLimit(db: Db, bucket: string, limit: number, windowSeconds = 60, now = Date.now()): Promise<RateLimitResult> {
  const windowMs = windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`insert into rate_limits (bucket, window_start, count) values (${bucket}, ${windowStart.toISOString()}, 1)
        on conflict (bucket) do update set
          count = case when rate_limits.window_start = excluded.window_start then rate_limits.count + 1 else 1 end,
          window_start = excluded.window_start
        returning count`,
  );
  const count = Number(row?.count ?? 1);
  return {
    allowed: count <= limit,
    limit,
    remaining: Math.max(0, limit - count),
    resetSeconds: Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now) / 1000)),
  };
}
