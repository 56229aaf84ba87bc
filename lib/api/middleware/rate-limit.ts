import type { MiddlewareHandler } from 'hono';
import { hitRateLimit } from '@/lib/ratelimit';
import type { ApiEnv } from '../context';
import { problemResponse } from '../problem';

/** Per API key, per minute, counted in the database so every instance shares the budget. */
export const rateLimitPerKey = (limit: number): MiddlewareHandler<ApiEnv> => async (c, next) => {
  const result = await hitRateLimit(c.get('db'), `api:${c.get('principal').keyId}`, limit);
  const headers = {
    'RateLimit-Policy': `${limit};w=60`,
    'RateLimit-Limit': String(limit),
    'RateLimit-Remaining': String(result.remaining),
    'RateLimit-Reset': String(result.resetSeconds),
  };
  if (!result.allowed) {
    const response = problemResponse(c, 429, `This API key made more than ${limit} requests this minute. Retry in ${result.resetSeconds} s.`);
    for (const [name, value] of Object.entries({ ...headers, 'Retry-After': String(result.resetSeconds) })) response.headers.set(name, value);
    return response;
  }
  // Set before the handler answers, so Hono builds them into its response instead of copying a Headers object after.
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
  await next();
};
