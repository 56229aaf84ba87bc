import type { Context } from 'hono';
import { hitRateLimit } from '@/lib/ratelimit';
import { setAnswerHeader } from '../answer-header';
import type { ApiEnv } from '../context';
import { problemResponse } from '../problem';

/**
 * Per API key, per minute, counted in the database so every instance shares the budget: the
 * RateLimit headers go on whichever answer follows, and past the limit the answer is a 429.
 */
export const limitRatePerKey = (limit: number) => {
  const policy = `${limit};w=60`;
  const limitText = String(limit);
  return async (c: Context<ApiEnv>): Promise<Response | undefined> => {
    const result = await hitRateLimit(c.get('db'), `api:${c.get('principal').keyId}`, limit);
    // Set before anything answers, so whichever answer follows carries them.
    setAnswerHeader(c, 'RateLimit-Policy', policy);
    setAnswerHeader(c, 'RateLimit-Limit', limitText);
    setAnswerHeader(c, 'RateLimit-Remaining', String(result.remaining));
    setAnswerHeader(c, 'RateLimit-Reset', String(result.resetSeconds));
    if (result.allowed) return undefined;
    setAnswerHeader(c, 'Retry-After', String(result.resetSeconds));
    return problemResponse(
      c,
      429,
      `This API key made more than ${limit} requests this minute. Retry in ${result.resetSeconds} s.`,
    );
  };
};
