import 'server-only';
import { runStatement, statement, type Db } from '@/lib/db';

const addHits = statement(
  'ratelimit_add_hits',
  `insert into rate_limits (bucket, window_start, count, expires_at) values ($1, $2, $3, $4)
   on conflict (bucket) do update set
     count = case when rate_limits.window_start = excluded.window_start then rate_limits.count + excluded.count else excluded.count end,
     window_start = excluded.window_start,
     expires_at = excluded.expires_at
   returning count`,
);

/** Adds `hits` to a bucket's fixed window in the shared table (one atomic upsert); returns the window's total. */
export async function addToWindow(
  db: Db,
  bucket: string,
  windowStart: Date,
  windowEnd: Date,
  hits: number,
): Promise<number> {
  const [row] = await runStatement<{ count: number }>(db, addHits, [
    bucket,
    windowStart.toISOString(),
    hits,
    windowEnd.toISOString(),
  ]);
  return Number(row?.count ?? hits);
}
