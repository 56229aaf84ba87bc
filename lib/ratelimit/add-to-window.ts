import 'server-only';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/lib/db';

/** Adds `hits` to a bucket's fixed window in the shared table (one atomic upsert); returns the window's total. */
export async function addToWindow(db: Db, bucket: string, windowStart: Date, hits: number): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`insert into rate_limits (bucket, window_start, count) values (${bucket}, ${windowStart.toISOString()}, ${hits})
        on conflict (bucket) do update set
          count = case when rate_limits.window_start = excluded.window_start then rate_limits.count + excluded.count else excluded.count end,
          window_start = excluded.window_start
        returning count`,
  );
  return Number(row?.count ?? hits);
}
