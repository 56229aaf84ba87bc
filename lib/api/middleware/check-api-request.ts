import type { Context, MiddlewareHandler } from 'hono';
import type { ApiEnv } from '../context';
import { authenticateRequest } from './auth';
import { limitApiBody, refuseNonJsonBody } from './json-body';
import { limitRatePerKey } from './rate-limit';
import { refuseUnstorableInput } from './storable-input';

/**
 * What every request to a service (/utils/v1, /silo/v1, /transform/v1) meets before its route, in
 * this order: the body's size, JSON bodies only, the API key, the key's rate limit, text the
 * database can store. The first check that refuses answers. One middleware, not five: they always
 * run together, and each layer of Hono's chain is two more promises per request (each of them an
 * async-hook call while AsyncLocalStorage carries the request id).
 */
export function checkApiRequest(rateLimitPerMinute: number): MiddlewareHandler<ApiEnv> {
  const limitRate = limitRatePerKey(rateLimitPerMinute);
  const refusalOf = async (c: Context<ApiEnv>) =>
    refuseNonJsonBody(c) ??
    (await authenticateRequest(c)) ??
    (await limitRate(c)) ??
    (await refuseUnstorableInput(c));
  return (c, next) =>
    limitApiBody(c, async () => {
      const refusal = await refusalOf(c);
      if (refusal) c.res = refusal;
      else await next();
    });
}
