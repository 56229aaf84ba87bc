import type { Context } from 'hono';
import { hitRateLimit } from '@/lib/ratelimit';
import type { ApiEnv } from '../context';
import { problemResponse } from '../problem';

/**
 * Per API key, per minute, counted in the database so every instance shares the budget: the
 * RateLimit headers go on whichever answer follows, and past the limit the answer is a 429.
 */
export const limitRatePerKey =
  (limit: number) =>
  async (c: Context<ApiEnv>): Promise<Response | undefined> => {
    const result = await hitRateLimit(c.get('db'), `api:${c.get('principal').keyId}`, limit);
    // Set on the context before anything answers, so Hono builds them into whichever response follows.
    c.header('RateLimit-Policy', `${limit};w=60`);
    c.header('RateLimit-Limit', String(limit));
    c.header('RateLimit-Remaining', String(result.remaining));
    c.header('RateLimit-Reset', String(result.resetSeconds));
    if (result.allowed) return undefined;
    c.header('Retry-After', String(result.resetSeconds));
    return problemResponse(
      c,
      429,
      `This API key made more than ${limit} requests this minute. Retry in ${result.resetSeconds} s.`,
    );
  };
